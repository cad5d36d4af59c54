import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

// The sandbox's clock, and so the nodes', stands at 2026-11-20T10:00:00Z: 12:00 in Bucharest, the workflow's zone.
const sandbox = useSandbox();
const ECOM_TEST = 1005962049;
const DEPOT = 1005962050;
const ORDER = { locationId: ECOM_TEST, parcels: 1, envelopes: 0, totalWeight: 1 };

beforeEach(async () => {
	await sandbox.control.reset();
});

describe('A pickup window that has passed is refused before anything is sent', () => {
	it('Send refuses a window that ended a minute ago, naming Pickup End, the item and Bucharest\'s time', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'send', { ...ORDER, pickupStartDate: '2026-11-20T09:00:00', pickupEndDate: '2026-11-20T11:59:00' });
		expect(error?.message).toBe('Pickup End (item 1): 2026-11-20T11:59:00+02:00 has already passed (it is 2026-11-20 12:00 in Bucharest): enter a time still to come');
		expect(await requestsSeen(sandbox, 'sendOrder')).toEqual([]);
	});

	it('Launch refuses yesterday\'s window, naming Pickup End and the item', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'launch', { locationId: DEPOT, pickupStartDate: '2026-11-19T14:00:00', pickupEndDate: '2026-11-19T18:00:00' });
		expect(error?.message).toMatch(/^Pickup End \(item 1\): 2026-11-19T18:00:00\+02:00 has already passed/);
		expect(await requestsSeen(sandbox, 'launchOrCancelOrder')).toEqual([]);
	});

	it('names the item whose window has passed among others still to come', async () => {
		const { error } = await runOperation(
			engineFor(sandbox),
			'pickupOrder',
			'launch',
			{ locationId: DEPOT, pickupStartDate: '={{ $json.start }}', pickupEndDate: '={{ $json.end }}' },
			{ input: [{ start: '2026-11-20T13:00:00', end: '2026-11-20T18:00:00' }, { start: '2026-11-20T08:00:00', end: '2026-11-20T10:00:00Z' }] },
		);
		expect(error?.message).toMatch(/^Pickup End \(item 2\): 2026-11-20T10:00:00Z has already passed/);
	});

	it('compares instants, whatever zone the date is written in: 11:00 in London is 13:00 in Bucharest, still to come', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'launch', { locationId: DEPOT, pickupStartDate: '2026-11-20T10:30:00Z', pickupEndDate: '2026-11-20T11:00:00Z' });
		expect(error).toBeUndefined();
		expect((await requestsSeen(sandbox, 'launchOrCancelOrder'))[0].query).toMatchObject({ PickupStartDate: '2026-11-20 12:30:00', PickupEndDate: '2026-11-20 13:00:00' });
	});

	it('sends a window that has begun and not ended: the courier can still come', async () => {
		const { error, json } = await runOperation(engineFor(sandbox), 'pickupOrder', 'send', { ...ORDER, pickupStartDate: '2026-11-20T09:00:00', pickupEndDate: '2026-11-20T12:01:00' });
		expect(error).toBeUndefined();
		expect(json).toEqual([{ OrderId: expect.any(Number) }]);
		expect(await requestsSeen(sandbox, 'sendOrder')).toHaveLength(1);
	});
});

describe("Cargus' clock ahead of n8n's (issue 65)", () => {
	it("a window still to come by n8n's clock but passed by Cargus' (read from its answers) is refused, naming Cargus' time", async () => {
		await sandbox.control.advanceSandboxClockOnly({ days: 3 });
		// Any answer tells Cargus' time: here the pickup locations'.
		expect((await runOperation(engineFor(sandbox), 'pickupLocation', 'getMany', { returnAll: true })).error).toBeUndefined();

		const { error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'send', { ...ORDER, pickupStartDate: '2026-11-21T09:00:00', pickupEndDate: '2026-11-21T18:00:00' });

		expect(error?.message).toMatch(/^Pickup End \(item 1\): 2026-11-21T18:00:00\+02:00 has already passed \(it is 2026-11-23 12:0\d in Bucharest\)/);
		expect(await requestsSeen(sandbox, 'sendOrder')).toEqual([]);
	});
});
