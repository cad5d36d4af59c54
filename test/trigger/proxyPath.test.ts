import { usePathProxy } from '../helpers/pathProxy';
import { KEY_ONLY, sandboxCredential, useSandbox } from '../helpers/sandbox';
import { groundTruth, identityOf, sandboxTimePlus } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();
const proxy = usePathProxy(sandbox, '/cargus');

test.each(['login', 'key-only'] as const)('behind a proxy path (Custom Base URL http://host/cargus), the trigger emits new events (%s)', async (kind) => {
	const startAt = await sandboxTimePlus(sandbox.control, 30);
	const barcodes = (await sandbox.control.addShipments({ count: 2, scenario: 'delivered', startAt, stepMinutes: 60 })).map((shipment) => shipment.barcode);
	const trigger = new TriggerHarness(sandboxCredential(proxy.url, kind === 'key-only' ? KEY_ONLY : {}), { barcodes: barcodes.join('\n') });
	expect(await trigger.poll()).toEqual([]);

	await sandbox.control.advanceClock({ minutes: 150 });
	await sandbox.control.clearRequests();
	const items = await trigger.poll();

	expect(items.map(identityOf).sort()).toEqual((await groundTruth(sandbox.control, barcodes)).sort());
	expect(items.length).toBeGreaterThan(0);
	const log = await sandbox.control.requests();
	expect(log.filter((entry) => entry.operation.startsWith('trace')).every((entry) => entry.status === 200)).toBe(true);
	expect(log.some((entry) => entry.operation === 'login')).toBe(false);
	expect(proxy.strays).toEqual([]);
});
