import { isDatabaseNotReady, type Launched } from '../../scripts/lib/launcher';

/** Builds the nodes of one e2e workflow: each node's id is made from the workflow's id and the node's name. */
export function nodeMaker(workflowId: string) {
	return (name: string, type: string, typeVersion: number, x: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
		id: `${workflowId}-${name.replace(/\W/g, '')}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
}

/** POSTs JSON to an active workflow's webhook and returns the answer's text; waits while n8n is still registering it. */
export async function postToWebhook(n8n: Launched, path: string, body: unknown): Promise<string> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const response = await fetch(`${n8n.editorUrl}webhook/${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		const text = await response.text();
		// n8n registers an activated workflow's webhook a moment later; on a machine running three n8n servers its
		// database ping can time out under load, and it refuses requests a moment ("Database is not ready!").
		if (notYetServed(response.status, text) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 1000));
			continue;
		}
		if (!response.ok) throw new Error(`the webhook answered ${response.status}: ${text.slice(0, 300)}`);
		return text;
	}
}

/** A webhook call n8n did not serve yet: the workflow's webhook not registered yet, or its database not ready. */
export function notYetServed(status: number, text: string): boolean {
	return (status === 404 && text.includes('not registered')) || isDatabaseNotReady(status, text);
}
