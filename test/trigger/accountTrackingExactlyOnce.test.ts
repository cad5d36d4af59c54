import type { IDataObject } from 'n8n-workflow';

import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { duplicatesOf, identityOf, isOldestFirst, sandboxTimePlus } from './helpers/events';
import { faultsFired, injectFaults, pollWithRestarts } from './helpers/faultyPolls';
import { TriggerHarness } from './helpers/pollHarness';

// The account window is counted from n8n's clock: the sandbox starts now.
const sandbox = useSandbox({ now: new Date().toISOString() });

const POLLS = 100;
const MINUTES_BETWEEN_POLLS = 30;
/** The delta request, and the traces of the shipments that moved (Cargus answering per shipment). */
const OPERATIONS = ['traceDeltaEvents', 'traceOneRequest'];
const CLIENT_ID = 70001;

/**
 * How Cargus answers GetDeltaEvents at each poll: per shipment (rows without event ids, as a client that read Cargus'
 * document reads them), per event (flat rows with EventId), or switching from one to the other every 10 polls.
 */
const SHAPES = {
	'per shipment': () => 'shipment' as const,
	'per event': () => 'event' as const,
	'switching between the two every 10 polls': (poll: number) => (Math.floor(poll / 10) % 2 === 0 ? ('shipment' as const) : ('event' as const)),
};

/** Every event of the account's shipments the sandbox serves right now, as identities (its control API). */
async function accountEvents(): Promise<Set<string>> {
	const shipments = (await sandbox.control.shipments()).filter((shipment) => shipment.clientId === CLIENT_ID);
	return new Set(shipments.flatMap((shipment) => shipment.visibleEvents.map((event) => `${shipment.barcode}|${event.EventId}|${event.Date}`)));
}

test.each(Object.keys(SHAPES) as Array<keyof typeof SHAPES>)(`All Shipments of the Account, GetDeltaEvents answered %s: over ${POLLS} polls with about 20% of requests failing, restarts and repeated polls, every event after activation is emitted exactly once with its id and outcome, a shipment created after activation from its first event`, async (shape) => {
	const shapeAt = SHAPES[shape];
	await sandbox.control.setSettings({ deltaEvents: shapeAt(0) });
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { version: 2, options: { timeout: 1 } });
	expect(await trigger.poll()).toEqual([]);
	const atActivation = await accountEvents();

	// Shipments the shop creates after activation, in groups two hours apart with different paces; 20 with events 30 ms apart.
	const created: string[] = [];
	for (let group = 0; group < 6; group++) {
		const startAt = await sandboxTimePlus(sandbox.control, 10 + group * 120);
		created.push(...(await sandbox.control.addShipments({ count: 20, scenario: 'random', startAt, stepMinutes: 45 + group * 15 })).map((shipment) => shipment.barcode));
	}
	const startAt = await sandboxTimePlus(sandbox.control, 300);
	created.push(...(await sandbox.control.addShipments({ count: 20, scenario: 'delivered', startAt, stepMinutes: 0.0005 })).map((shipment) => shipment.barcode));

	await injectFaults(sandbox.control, OPERATIONS);
	let polls = 0;
	const run = await pollWithRestarts(sandbox.control, trigger, {
		polls: POLLS,
		minutesBetween: MINUTES_BETWEEN_POLLS,
		poll: async () => {
			await sandbox.control.setSettings({ deltaEvents: shapeAt(++polls) });
			const items = await trigger.poll();
			expect(isOldestFirst(items)).toBe(true);
			for (const item of items) expect([typeof item.EventId, typeof item.Outcome]).toEqual(['number', 'string']);
			return items;
		},
	});
	const faults = await faultsFired(sandbox.control, OPERATIONS);
	const deltaRequests = (await sandbox.control.requests()).length;
	await run.pollOnce();

	const identities = run.emitted.map((item: IDataObject) => identityOf(item));
	const truth = [...(await accountEvents())].filter((identity) => !atActivation.has(identity));
	expect(duplicatesOf(identities)).toEqual([]);
	expect(truth.filter((identity) => !identities.includes(identity))).toEqual([]);
	expect(identities.filter((identity) => !truth.includes(identity))).toEqual([]);
	// Each created shipment with events has every one of them emitted, its first one included.
	const shipments = await sandbox.control.shipments(created.slice(0, 50));
	for (const shipment of shipments) {
		expect(shipment.visibleEvents.map((event) => identities.includes(`${shipment.barcode}|${event.EventId}|${event.Date}`))).not.toContain(false);
	}
	expect(shipments.filter((shipment) => shipment.visibleEvents.length > 0).length).toBeGreaterThan(30);

	console.log(
		`account tracking exactly once, answered ${shape}: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated), ${created.length} shipments created after activation, ` +
			`${faults.requests} delta and trace requests (${deltaRequests} in all), ${faults.failed} failed by injected faults (${(faults.rate * 100).toFixed(1)}%), ${run.failedPolls} failed polls, ` +
			`${identities.length} events emitted = ${truth.length} new in the sandbox, 0 missing, 0 twice; static data ${trigger.staticDataBytes()} bytes`,
	);
	// About 20% expected; one request a poll makes the share vary.
	expect(faults.rate).toBeGreaterThan(0.07);
}, 1_200_000);
