import type { SandboxControl } from '../../sandbox';
import { SANDBOX_CREDENTIAL_ID, type Launched } from '../../scripts/lib/launcher';
import { nodeMaker, postToWebhook } from './webhookFlow';

const WORKFLOW_ID = 'cargusE2eTrackMany';
const WEBHOOK_PATH = 'cargus-e2e-track-many';
const ITEMS = 1000;

/** Webhook -> Split Out (one item per barcode) -> Cargus › Shipment › Track -> answer every item. */
function trackManyWorkflow() {
	const node = nodeMaker(WORKFLOW_ID);
	return {
		id: WORKFLOW_ID,
		name: 'e2e: track many shipments',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Barcodes', 'n8n-nodes-base.webhook', 2.1, 0, { httpMethod: 'POST', path: WEBHOOK_PATH, responseMode: 'responseNode', options: {} }, { webhookId: `${WORKFLOW_ID}-hook` }),
			node('One item per barcode', 'n8n-nodes-base.splitOut', 1, 240, { fieldToSplitOut: 'body.barcodes', options: { destinationFieldName: 'barcode' } }),
			node('Track', 'n8n-nodes-cargus.cargus', 1, 480, { resource: 'shipment', operation: 'track', barcodes: '={{ $json.barcode }}' }, {
				credentials: { cargusApi: { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' } },
			}),
			node('Answer', 'n8n-nodes-base.respondToWebhook', 1.5, 720, { respondWith: 'allIncomingItems', options: {} }),
		],
		connections: {
			Barcodes: { main: [[{ node: 'One item per barcode', type: 'main', index: 0 }]] },
			'One item per barcode': { main: [[{ node: 'Track', type: 'main', index: 0 }]] },
			Track: { main: [[{ node: 'Answer', type: 'main', index: 0 }]] },
		},
	};
}

/**
 * Waits until n8n reports its database connected: on a busy machine SQLite can fall behind the
 * thousands of credential reads a 1,000-item run makes, and n8n then answers 503 for a while.
 */
async function databaseReady(n8n: Launched): Promise<void> {
	const deadline = Date.now() + 120_000;
	while (Date.now() < deadline) {
		const response = await fetch(`${n8n.editorUrl}healthz/readiness`).catch(() => undefined);
		if (response?.ok) return;
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	throw new Error('n8n did not report its database ready within 120 s');
}

export interface LoginCount {
	situation: string;
	items: number;
	logins: number;
}

/**
 * The 1,000-item tracking flow in the real n8n server (credential read from its database for every
 * item): with no token yet, right after the sandbox expired every token (401, then 200 "Failed to
 * authenticate!"), and as 5 executions of 200 items started together after an expiry. Counts the
 * logins in the sandbox's request log; throws unless each situation made exactly one and every item
 * came back traced.
 */
export async function loginsAtScale(n8n: Launched, control: SandboxControl): Promise<LoginCount[]> {
	const created = await n8n.rest<{ id: string; versionId: string }>('POST', '/rest/workflows', trackManyWorkflow());
	await n8n.rest('POST', `/rest/workflows/${created.id}/activate`, { versionId: created.versionId });
	const codes = (await control.shipments()).map((shipment) => shipment.barcode);
	const barcodes = (count: number) => Array.from({ length: count }, (_, index) => codes[index % codes.length]);

	const track = async (count: number): Promise<number> => {
		const text = await postToWebhook(n8n, WEBHOOK_PATH, { barcodes: barcodes(count) });
		const items = JSON.parse(text) as Array<{ Code?: string; Event?: unknown[] }>;
		const traced = items.filter((item) => typeof item.Code === 'string' && Array.isArray(item.Event)).length;
		if (traced !== count) throw new Error(`${traced} of ${count} items came back traced`);
		return traced;
	};
	const counted = async (situation: string, run: () => Promise<number>): Promise<LoginCount> => {
		await databaseReady(n8n);
		await control.clearRequests();
		const items = await run();
		const logins = (await control.requests('login')).length;
		return { situation, items, logins };
	};
	const expireEveryToken = async (answer: '401' | 'failed-to-authenticate') => {
		await control.setSettings({ expiredTokenAnswer: answer });
		await control.expireTokens();
	};

	const results: LoginCount[] = [];
	results.push(await counted('no token yet', async () => await track(ITEMS)));
	await expireEveryToken('401');
	results.push(await counted('token expired (401)', async () => await track(ITEMS)));
	await expireEveryToken('failed-to-authenticate');
	results.push(await counted('token expired (200 "Failed to authenticate!")', async () => await track(ITEMS)));
	await expireEveryToken('401');
	results.push(
		await counted('5 executions of 200 items at once, token expired (401)', async () => {
			const runs = await Promise.all(Array.from({ length: 5 }, async () => await track(200)));
			return runs.reduce((sum, items) => sum + items, 0);
		}),
	);
	await databaseReady(n8n);
	await n8n.rest('POST', `/rest/workflows/${created.id}/deactivate`);

	if (results.some((result) => result.logins !== 1)) {
		throw new Error(`expected 1 login each time: ${results.map((result) => `${result.situation}: ${result.logins} logins`).join('; ')}`);
	}
	return results;
}
