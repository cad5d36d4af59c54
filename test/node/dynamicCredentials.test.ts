import { DEFAULT_ACCOUNT, useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

/*
 * n8n's "dynamic credentials": a credential field can hold an expression, which n8n resolves against
 * each item when the node reads the credential. The node reads it for every item, so each item is
 * sent with its own values.
 */
const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

test('A subscription key given as an expression of the item: each item is sent with its own key', async () => {
	const [first, second, third] = await sandbox.control.shipments();
	const engine = engineFor(sandbox, { username: '', password: '', apiKey: '={{ $json.key }}' });
	const input = [
		{ key: DEFAULT_ACCOUNT.subscriptionKey, barcode: first.barcode },
		{ key: 'not-the-key', barcode: second.barcode },
		{ key: DEFAULT_ACCOUNT.subscriptionKey, barcode: third.barcode },
	];
	const { items } = await runOperation(engine, 'shipment', 'trackWithoutLogin', { barcode: '={{ $json.barcode }}' }, { input, continueOnFail: true });
	expect(items.map((item) => (item.error ? 'refused' : item.json.Code))).toEqual([first.barcode, 'refused', third.barcode]);
	expect(items[1].error?.message).toMatch(/subscription key/i);
	expect(JSON.stringify(items)).not.toContain('not-the-key');
	expect((await requestsSeen(sandbox, 'traceNoAuth')).map((entry) => entry.status).sort()).toEqual([200, 200, 401]);
});
