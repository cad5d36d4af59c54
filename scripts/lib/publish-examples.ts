/**
 * What `npm start` does after the launcher imported the example workflows (n8n's import leaves them unpublished):
 * it publishes every one of them (n8n 1.x: activates), so each does its job from the first minute.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES_DIR, type Launched } from './launcher';

/** The id of every example workflow (examples/*.json), in file order. */
export function exampleIds(): string[] {
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => (JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as { id: string }).id);
}

export interface PublishOutcome {
	id: string;
	published: boolean;
	/** What npm start prints about it: `published: "Email invoices automatically"` or why it could not. */
	line: string;
}

async function publish(launched: Launched, id: string): Promise<PublishOutcome> {
	const published = launched.n8n.major < 2 ? 'active' : 'published';
	try {
		const wf = await launched.rest<{ name: string }>('GET', `/rest/workflows/${id}`);
		await launched.activate(id);
		return { id, published: true, line: `${published}: "${wf.name}"` };
	} catch (err) {
		return { id, published: false, line: `could not publish ${id}: ${err instanceof Error ? err.message : String(err)}` };
	}
}

/** Publishes every example workflow, one after the other, telling `report` about each as it is done. */
export async function publishExamples(launched: Launched, report: (outcome: PublishOutcome) => void = () => undefined): Promise<PublishOutcome[]> {
	const outcomes: PublishOutcome[] = [];
	for (const id of exampleIds()) {
		const outcome = await publish(launched, id);
		report(outcome);
		outcomes.push(outcome);
	}
	return outcomes;
}
