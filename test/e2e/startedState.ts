/**
 * The state `npm start` leaves, as the README describes it: the launcher imports every example workflow (the e2e
 * server is launched by the same launcher, with the same import) and npm start's publish step publishes them all.
 * The e2e run activates the examples one by one for its own checks; here they are unpublished first, so what is
 * seen afterwards is the publish step's doing.
 */
import type { Launched } from '../../scripts/lib/launcher';
import { exampleIds, publishExamples } from '../../scripts/lib/publish-examples';
import { assert, check } from './checks';
import type { WorkflowSummary } from './n8n-api';

async function unpublish(live: Launched, id: string): Promise<void> {
	const workflow = await live.rest<WorkflowSummary>('GET', `/rest/workflows/${id}`);
	if (!workflow.active) return;
	// n8n 1.x has no /deactivate endpoint: its editor saves the workflow with active unset.
	if (live.n8n.major < 2) await live.rest('PATCH', `/rest/workflows/${id}`, { active: false, versionId: workflow.versionId });
	else await live.rest('POST', `/rest/workflows/${id}/deactivate`);
}

export async function startedStateCheck(live: Launched): Promise<void> {
	await check('the started state the README describes: npm start\'s publish step leaves every imported example workflow published (GET /rest/workflows)', async () => {
		const ids = exampleIds();
		assert(live.imported, 'the launcher did not import the examples, so npm start would not publish them');
		const listed = async () => new Map((await live.rest<WorkflowSummary[]>('GET', '/rest/workflows')).map((workflow) => [workflow.id, workflow]));
		const before = await listed();
		const missing = ids.filter((id) => !before.has(id));
		assert(missing.length === 0, `not imported: ${missing.join(', ')}`);
		for (const id of ids) await unpublish(live, id);
		const unpublished = [...(await listed()).values()].filter((workflow) => ids.includes(workflow.id) && workflow.active);
		assert(unpublished.length === 0, `could not unpublish ${unpublished.map((workflow) => workflow.id).join(', ')}`);

		const outcomes = await publishExamples(live);
		const failed = outcomes.filter((outcome) => !outcome.published);
		assert(failed.length === 0, failed.map((outcome) => outcome.line).join('; '));
		const after = await listed();
		const inactive = ids.filter((id) => after.get(id)?.active !== true);
		assert(inactive.length === 0, `not published after npm start's publish step: ${inactive.map((id) => `${id} "${String(after.get(id)?.name)}"`).join(', ')}`);
		return `${ids.length} examples published: ${ids.map((id) => `"${String(after.get(id)?.name)}"`).join(', ')}`;
	});
}
