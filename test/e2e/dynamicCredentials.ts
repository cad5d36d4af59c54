import { DEFAULT_ACCOUNT, type SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { nodeMaker, postToWebhook } from './webhookFlow';

const WORKFLOW_ID = 'cargusE2eDynamicKey';
const WEBHOOK_PATH = 'cargus-e2e-dynamic-key';

/** Webhook -> Split Out (one item per entry) -> Cargus › Shipment › Track Without Login (on error: go on) -> answer. */
function workflow(credentialId: string) {
	const node = nodeMaker(WORKFLOW_ID);
	return {
		id: WORKFLOW_ID,
		name: 'e2e: a subscription key per item',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Entries', 'n8n-nodes-base.webhook', 2.1, 0, { httpMethod: 'POST', path: WEBHOOK_PATH, responseMode: 'responseNode', options: {} }, { webhookId: `${WORKFLOW_ID}-hook` }),
			node('One item per entry', 'n8n-nodes-base.splitOut', 1, 240, { fieldToSplitOut: 'body.entries', options: {} }),
			node('Track', 'n8n-nodes-cargus.cargus', 1, 480, { resource: 'shipment', operation: 'trackWithoutLogin', barcode: '={{ $json.barcode }}' }, {
				credentials: { cargusApi: { id: credentialId, name: 'Cargus key per item' } },
				onError: 'continueRegularOutput',
			}),
			node('Answer', 'n8n-nodes-base.respondToWebhook', 1.5, 720, { respondWith: 'allIncomingItems', options: {} }),
		],
		connections: {
			Entries: { main: [[{ node: 'One item per entry', type: 'main', index: 0 }]] },
			'One item per entry': { main: [[{ node: 'Track', type: 'main', index: 0 }]] },
			Track: { main: [[{ node: 'Answer', type: 'main', index: 0 }]] },
		},
	};
}

/**
 * n8n's "dynamic credentials" in the real server: a key-only credential whose subscription key is
 * `{{ $json.key }}`, three items with the right key, a wrong one, the right one. Each item must be sent
 * with its own key: the first and third traced, the second refused, and the wrong key in no output.
 */
export async function keyPerItem(n8n: Launched, control: SandboxControl): Promise<string> {
	const credential = await n8n.rest<{ id: string }>('POST', '/rest/credentials', {
		name: 'Cargus key per item',
		type: 'cargusApi',
		data: { environment: 'custom', baseUrl: n8n.sandbox.url, apiKey: '={{ $json.key }}', username: '', password: '' },
	});
	const created = await n8n.rest<{ id: string; versionId: string }>('POST', '/rest/workflows', workflow(credential.id));
	await n8n.rest('POST', `/rest/workflows/${created.id}/activate`, { versionId: created.versionId });
	try {
		const [first, second, third] = (await control.shipments()).map((shipment) => shipment.barcode);
		const entries = [
			{ key: DEFAULT_ACCOUNT.subscriptionKey, barcode: first },
			{ key: 'not-the-key', barcode: second },
			{ key: DEFAULT_ACCOUNT.subscriptionKey, barcode: third },
		];
		await control.clearRequests();
		const text = await postToWebhook(n8n, WEBHOOK_PATH, { entries });
		const items = JSON.parse(text) as Array<{ Code?: string; error?: unknown }>;
		const outcome = items.map((item) => (item.error !== undefined ? 'refused' : item.Code));
		if (JSON.stringify(outcome) !== JSON.stringify([first, 'refused', third])) {
			throw new Error(`expected [${first}, refused, ${third}], got ${JSON.stringify(outcome)}`);
		}
		if (text.includes('not-the-key')) throw new Error('the wrong key appears in the answer');
		const statuses = (await control.requests('traceNoAuth')).map((entry) => entry.status).sort();
		if (JSON.stringify(statuses) !== JSON.stringify([200, 200, 401])) throw new Error(`the sandbox answered ${JSON.stringify(statuses)}`);
		return `traced ${first} and ${third}, refused the item with a wrong key ("${String(items[1].error).slice(0, 80)}")`;
	} finally {
		await n8n.rest('POST', `/rest/workflows/${created.id}/deactivate`);
	}
}
