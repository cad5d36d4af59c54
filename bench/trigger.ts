/**
 * The Cargus Trigger watching many shipments: n8n-core's PollContext (the test harness that runs it the
 * way n8n 2.40 does), the sandbox in a worker thread over HTTP. Times each poll and weighs the static data
 * n8n saves.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

import { SandboxControl } from '../sandbox';
import { sandboxCredential } from '../test/helpers/sandbox';
import { TriggerHarness } from '../test/trigger/helpers/pollHarness';
import { ask, startTsWorker } from './threads';

export interface TriggerResult {
	watched: number;
	/** The activation poll: every shipment new. */
	firstPollMs: number;
	/** Later polls, each after the sandbox clock moved on 90 minutes (new events for many shipments). */
	pollMs: number[];
	eventsEmitted: number;
	staticDataBytes: number;
}

async function createShipments(control: SandboxControl, count: number): Promise<string[]> {
	const { now } = await control.clock();
	const startAt = new Date(Date.parse(now) + 10 * 60_000).toISOString();
	const chunks = Array.from({ length: Math.ceil(count / 500) }, (_, index) => Math.min(500, count - index * 500));
	const barcodes: string[] = [];
	for (let start = 0; start < chunks.length; start += 4) {
		const created = await Promise.all(
			chunks.slice(start, start + 4).map((size) => control.addShipments({ count: size, scenario: 'random', startAt, stepMinutes: 60 })),
		);
		for (const shipments of created) barcodes.push(...shipments.map((shipment) => shipment.barcode));
	}
	return barcodes;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
	const started = process.hrtime.bigint();
	const value = await work();
	return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
}

/** With BENCH_PROFILE_DIR set, a CPU profile of this thread (the trigger's side) during the later polls. */
async function startProfiler(): Promise<{ stop(name: string): Promise<void> } | undefined> {
	const dir = process.env.BENCH_PROFILE_DIR;
	if (!dir) return undefined;
	const session = new Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.start');
	return {
		async stop(name) {
			const { profile } = await session.post('Profiler.stop');
			fs.mkdirSync(dir, { recursive: true });
			fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
			session.disconnect();
		},
	};
}

export async function measureTrigger(watched: number, polls: number): Promise<TriggerResult> {
	const worker = startTsWorker(path.join(__dirname, 'sandboxWorker.ts'));
	const { url } = await ask<{ url: string }>(worker, 'hello');
	try {
		const control = new SandboxControl(url);
		const barcodes = await createShipments(control, watched);
		if (new Set(barcodes).size !== watched) throw new Error(`Expected ${watched} distinct barcodes, got ${new Set(barcodes).size}`);
		const trigger = new TriggerHarness(sandboxCredential(url), { barcodes: barcodes.join('\n') });
		const first = await timed(() => trigger.poll());
		const result: TriggerResult = { watched, firstPollMs: first.ms, pollMs: [], eventsEmitted: first.value.length, staticDataBytes: 0 };
		const profiler = await startProfiler();
		for (let poll = 0; poll < polls; poll++) {
			await control.advanceClock({ minutes: 90 });
			const next = await timed(() => trigger.poll());
			result.pollMs.push(next.ms);
			result.eventsEmitted += next.value.length;
		}
		await profiler?.stop(`trigger-${watched}`);
		const shipments = Object.keys((trigger.staticData.shipments as object | undefined) ?? {}).length;
		if (shipments !== watched) throw new Error(`The trigger's static data holds ${shipments} shipments, not ${watched}`);
		result.staticDataBytes = trigger.staticDataBytes();
		if (process.env.BENCH_PROFILE_DIR) await ask(worker, 'profile');
		return result;
	} finally {
		await worker.terminate();
	}
}
