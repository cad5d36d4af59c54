/**
 * The Cargus Trigger's account events at scale: New Invoice over a window of many invoices and Cash on
 * Delivery Repaid over an account with many repaid records. n8n-core's PollContext (the test harness), the
 * sandbox in a worker thread over HTTP. Times the activation poll and later polls that each find 20 new
 * changes, and weighs the static data n8n saves.
 */
import path from 'node:path';

import { SandboxControl } from '../sandbox';
import { sandboxCredential } from '../test/helpers/sandbox';
import { TriggerHarness } from '../test/trigger/helpers/pollHarness';
import { ask, startTsWorker } from './threads';

export interface AccountEventResult {
	records: number;
	firstPollMs: number;
	pollMs: number[];
	emitted: number;
	staticDataBytes: number;
	/** Requests Cargus received in each poll after the activation poll (tracking events only). */
	requests?: number[];
}

const NEW_PER_POLL = 20;
/** The requests a tracking poll of the whole account makes: the delta, and the traces of the shipments that moved. */
const TRACKING_OPERATIONS = ['traceDeltaEvents', 'traceOneRequest'];
const CASH_ON_DELIVERY = 125.5;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
	const started = process.hrtime.bigint();
	const value = await work();
	return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
}

async function withSandbox<T>(work: (url: string, control: SandboxControl) => Promise<T>): Promise<T> {
	const worker = startTsWorker(path.join(__dirname, 'sandboxWorker.ts'));
	const { url } = await ask<{ url: string }>(worker, 'hello');
	try {
		return await work(url, new SandboxControl(url));
	} finally {
		await worker.terminate();
	}
}

async function measure(
	trigger: TriggerHarness,
	records: number,
	polls: number,
	addNew: () => Promise<void>,
): Promise<AccountEventResult> {
	const first = await timed(() => trigger.poll());
	if (first.value.length !== 0) throw new Error(`The activation poll emitted ${first.value.length} items`);
	const result: AccountEventResult = { records, firstPollMs: first.ms, pollMs: [], emitted: 0, staticDataBytes: trigger.staticDataBytes() };
	for (let poll = 0; poll < polls; poll++) {
		await addNew();
		const next = await timed(() => trigger.poll());
		if (next.value.length !== NEW_PER_POLL) throw new Error(`A poll emitted ${next.value.length} items, not ${NEW_PER_POLL}`);
		result.pollMs.push(next.ms);
		result.emitted += next.value.length;
	}
	return result;
}

/** New Invoice, Download PDF on: `records` invoices in the window, then polls that each find 20 new ones (20 PDFs). */
export async function measureInvoices(records: number, polls: number): Promise<AccountEventResult> {
	return await withSandbox(async (url, control) => {
		await control.addInvoices({ count: records, hours: 0 });
		const trigger = new TriggerHarness(sandboxCredential(url), { event: 'newInvoice', downloadPdf: true });
		return await measure(trigger, records, polls, async () => {
			await control.addInvoices({ count: NEW_PER_POLL, hours: 0 });
		});
	});
}

/** Cash on Delivery Repaid, whole account: `records` repaid records, then polls that each find 20 new repayments. */
export async function measureRepayments(records: number, polls: number): Promise<AccountEventResult> {
	return await withSandbox(async (url, control) => {
		const { now } = await control.clock();
		// Delivered and repaid (2 days after delivery) before now.
		const repaidBy = (hoursAgo: number) => new Date(Date.parse(now) - (hoursAgo + 48 + 1) * 3600_000).toISOString();
		await control.addShipments({ count: records, scenario: 'delivered', startAt: repaidBy(72), stepMinutes: 15, codValue: CASH_ON_DELIVERY });
		const trigger = new TriggerHarness(sandboxCredential(url), { event: 'cashOnDeliveryRepaid' });
		return await measure(trigger, records, polls, async () => {
			await control.addShipments({ count: NEW_PER_POLL, scenario: 'delivered', startAt: repaidBy(1), stepMinutes: 15, codValue: CASH_ON_DELIVERY });
		});
	});
}

/**
 * New Tracking Event, Watch: All Shipments of the Account: `shipments` created over the last 13 days (500 at a time,
 * the control API's limit), then polls 30 sandbox minutes apart, each finding the events those minutes bring.
 * `shape`: how the sandbox answers GetDeltaEvents (per event, or per shipment: then the shipments that moved are traced).
 */
export async function measureAccountTracking(shipments: number, polls: number, shape: 'event' | 'shipment' = 'event'): Promise<AccountEventResult> {
	return await withSandbox(async (url, control) => {
		await control.setSettings({ deltaEvents: shape });
		const { now } = await control.clock();
		const span = 13 * 24 * 3600_000;
		const groups = Math.ceil(shipments / 500);
		for (let group = 0; group < groups; group++) {
			const startAt = new Date(Date.parse(now) - span + (group * span) / groups).toISOString();
			await control.addShipments({ count: Math.min(500, shipments - group * 500), scenario: 'random', startAt, stepMinutes: 240 });
		}
		const trigger = new TriggerHarness(sandboxCredential(url), { version: 2, watch: 'account' });
		const first = await timed(() => trigger.poll());
		if (first.value.length !== 0) throw new Error(`The activation poll emitted ${first.value.length} items`);
		const result: AccountEventResult = { records: shipments, firstPollMs: first.ms, pollMs: [], emitted: 0, staticDataBytes: trigger.staticDataBytes(), requests: [] };
		for (let poll = 0; poll < polls; poll++) {
			await control.advanceClock({ minutes: 30 });
			await control.clearRequests();
			const next = await timed(() => trigger.poll());
			result.pollMs.push(next.ms);
			result.emitted += next.value.length;
			result.requests?.push((await control.requests()).filter((request) => TRACKING_OPERATIONS.includes(request.operation)).length);
		}
		return result;
	});
}
