/**
 * The Cargus node as an AI agent's tool in the real editor: n8n's Cargus Tool (`cargusTool`, built from the node's
 * description with its `usableAsTool` replacements) shows no "outputs no item" hint, which is the workflow's, not
 * the agent's, while the node in a workflow still does; the tool's Ship & Go Point › Get Many says that it needs a
 * place and answers a bounded list, which the node in a workflow does not say. A screenshot of each form.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';

import type { Launched } from '../../scripts/lib/launcher';
import { assert, check, sleep } from './checks';

const CARGUS_TYPE = 'n8n-nodes-cargus.cargus';
const EMPTY_OUTPUT_HINT = 'When Cargus finds nothing, this node outputs no item';
const TOOL_NOTICE = 'As a tool, this operation needs a place to look in';

interface Context {
	newPage(): Promise<Page>;
	artifacts: string;
	suffix: string;
	credentialId: string;
}

export async function toolFormCheck(live: Launched, context: Context): Promise<void> {
	await check('tool form: the Cargus Tool shows no empty-output hint and says Ship & Go Get Many needs a place; the node in a workflow keeps its hint (screenshots)', async () => {
		const parameters = { resource: 'shipAndGoPoint', operation: 'getMany', returnAll: false, limit: 10, filters: {} };
		const credentials = { cargusApi: { id: context.credentialId, name: 'Cargus Sandbox' } };
		const nodes = [
			{ id: 'tool-form-node', name: 'Ship & Go points', type: CARGUS_TYPE, typeVersion: 1, position: [0, 0], parameters, credentials },
			{ id: 'tool-form-tool', name: 'Ship & Go points tool', type: `${CARGUS_TYPE}Tool`, typeVersion: 1, position: [400, 0], parameters, credentials },
		];
		const created = await live.rest<{ id: string }>('POST', '/rest/workflows', { name: 'Cargus as a tool (e2e)', nodes, connections: {}, active: false, settings: { executionOrder: 'v1' } });
		const page = await context.newPage();
		await page.goto(`${live.editorUrl}workflow/${created.id}`, { waitUntil: 'domcontentloaded' });
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 120000 });
		const seen: Record<string, { hint: boolean; notice: boolean }> = {};
		const shots: string[] = [];
		for (const node of nodes) {
			await page.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"]`).first().dblclick({ timeout: 60000 });
			const ndv = page.locator('[data-test-id="ndv"]').first();
			await ndv.waitFor({ state: 'visible', timeout: 60000 });
			await ndv.getByText('Filters', { exact: false }).first().waitFor({ state: 'visible', timeout: 90000 });
			// The hint is worked out from the form's values once the form is shown: give it the time a person would.
			await sleep(2000);
			seen[node.name] = {
				hint: await page.getByText(EMPTY_OUTPUT_HINT, { exact: false }).first().isVisible(),
				notice: await ndv.getByText(TOOL_NOTICE, { exact: false }).first().isVisible(),
			};
			const file = path.join(context.artifacts, `e2e-form-${node.type.endsWith('Tool') ? 'tool' : 'node'}-ship-and-go${context.suffix}.png`);
			await page.screenshot({ path: file });
			shots.push(path.basename(file));
			const back = page.locator('[data-test-id="back-to-canvas"]').first();
			if (await back.isVisible()) await back.click();
			else await page.keyboard.press('Escape');
			await ndv.waitFor({ state: 'hidden', timeout: 90000 });
		}
		await page.close();
		await live.rest('DELETE', `/rest/workflows/${created.id}`).catch(() => undefined);
		const node = seen['Ship & Go points'];
		const tool = seen['Ship & Go points tool'];
		const said = `node: hint ${node.hint ? 'shown' : 'absent'}, notice ${node.notice ? 'shown' : 'absent'}; tool: hint ${tool.hint ? 'shown' : 'absent'}, notice ${tool.notice ? 'shown' : 'absent'}; ${shots.join(', ')}`;
		assert(node.hint && !node.notice && !tool.hint && tool.notice, said);
		return said;
	});
}
