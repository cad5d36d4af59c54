/**
 * A sandbox started with a state file (npm start's) goes on from the world the last start left there: its AWB
 * numbers, cash-on-delivery repayments, events, invoices and moved clock; the store comes back whole, shared records
 * shared and class instances of their class.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { SandboxControl } from '../../sandbox/control/client';
import { SandboxClock } from '../../sandbox/world/clock';
import { SandboxStore } from '../../sandbox/world/store';
import { restoreSnapshot, snapshotOf } from '../../sandbox/world/snapshot';
import { ServiceClient } from './support';

const ECOM = 1005962049;
const order = (reference: string) => ({
	Sender: { LocationId: ECOM },
	Recipient: { Name: 'Maria Ionescu', LocalityId: 164, AddressText: 'Strada Memorandumului 1', ContactPerson: 'Maria Ionescu', PhoneNumber: '0722000000', Email: 'maria@example.com' },
	Parcels: 1, Envelopes: 0, TotalWeight: 2, ServiceId: 34, CashRepayment: 149.9, CustomString: reference,
	ParcelCodes: [{ Code: '0', Type: 1, Weight: 2, Length: 30, Width: 20, Height: 10 }],
});

let folder: string;
const running: RunningSandbox[] = [];
beforeEach(() => {
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cargus-world-'));
});
afterEach(async () => {
	for (const sandbox of running.splice(0)) await sandbox.stop();
	fs.rmSync(folder, { recursive: true, force: true });
});

async function start(stateFile: string): Promise<{ sandbox: RunningSandbox; client: ServiceClient; control: SandboxControl }> {
	const sandbox = await startSandbox({ port: 0, clockMode: 'running', stateFile });
	running.push(sandbox);
	const client = new ServiceClient(sandbox.url);
	await client.login();
	return { sandbox, client, control: new SandboxControl(sandbox.url) };
}

async function createAwb(client: ServiceClient, reference: string): Promise<string> {
	const created = await client.call('POST', '/api/Awbs', { body: order(reference) });
	expect(created.status).toBe(200);
	return String(created.json);
}

describe('a sandbox with a state file', () => {
	it('goes on after a stop: AWB numbers, events, repayments, invoices and the moved clock continue', async () => {
		const file = path.join(folder, 'sandbox-world.json');
		const first = await start(file);
		expect(first.sandbox.continued).toBe(false);
		const one = await createAwb(first.client, 'first start');
		await first.control.advanceClock({ days: 4 });
		const clockBefore = Date.parse((await first.control.clock()).now);
		const eventsBefore = (await first.control.shipments([one]))[0].visibleEvents;
		const repaidBefore = (await first.control.cashOnDelivery()).filter((entry) => entry.BarCode === one);
		const invoicesBefore = (await first.control.invoices()).length;
		await first.sandbox.stop();
		running.splice(0);

		const second = await start(file);
		expect(second.sandbox.continued).toBe(true);
		const clockAfter = Date.parse((await second.control.clock()).now);
		expect(clockAfter).toBeGreaterThanOrEqual(clockBefore);
		expect(clockAfter - clockBefore).toBeLessThan(60_000);
		expect((await second.control.shipments([one]))[0].visibleEvents).toEqual(eventsBefore);
		expect(eventsBefore.map((event) => event.EventId)).toContain(21);
		expect(repaidBefore).toHaveLength(1);
		expect((await second.control.cashOnDelivery()).filter((entry) => entry.BarCode === one)).toEqual(repaidBefore);
		expect((await second.control.invoices()).length).toBe(invoicesBefore);
		const two = await createAwb(second.client, 'second start');
		expect(Number(two)).toBe(Number(one) + 1);
		const listed = await second.client.call('GET', '/api/Awbs', { query: { barCode: one } });
		expect((listed.json as Array<{ CustomString: string }>)[0].CustomString).toBe('first start');
	});

	it('is written soon after a change, so a start after a crash finds it (no stop)', async () => {
		const file = path.join(folder, 'sandbox-world.json');
		const first = await start(file);
		const one = await createAwb(first.client, 'before the crash');
		const written = () => fs.readFileSync(file, 'utf8').includes('before the crash');
		for (let waited = 0; !written() && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
		expect(written()).toBe(true);
		// What a crash leaves: the file as written, the sandbox never stopped.
		fs.copyFileSync(file, path.join(folder, 'copy.json'));
		const after = await start(path.join(folder, 'copy.json'));
		expect((await after.control.shipments([one])).map((shipment) => shipment.orderReference)).toEqual(['before the crash']);
	});

	it('names the file and the way out when the file is not a world', async () => {
		const file = path.join(folder, 'sandbox-world.json');
		fs.writeFileSync(file, '{"format": "something else"}');
		await expect(startSandbox({ port: 0, stateFile: file })).rejects.toThrow(/sandbox-world\.json.*npm start -- --fresh/);
	});
});

describe('the snapshot of the store', () => {
	it('brings every field back, shared records shared and class instances of their class', () => {
		const clock = new SandboxClock(Date.parse('2026-11-20T09:00:00Z'), 'frozen');
		const store = new SandboxStore(clock, 86_400_000, 1);
		store.addShipment('delivered', clock.now(), 3_600_000);
		store.newBarcode();
		clock.advance(3 * 86_400_000);
		const snapshot = JSON.parse(JSON.stringify(snapshotOf(store, new Set([clock])))) as Parameters<typeof restoreSnapshot>[1];
		const otherClock = new SandboxClock(Date.parse('2026-11-20T09:00:00Z'), 'frozen');
		const restored = new SandboxStore(otherClock, 86_400_000, 7);
		restoreSnapshot(restored, snapshot);
		expect(restored).toStrictEqual(Object.assign(Object.create(SandboxStore.prototype) as SandboxStore, store, { clock: otherClock }));
		const [invoice] = restored.invoices;
		expect(restored.invoicesById.get(invoice.InvoiceId)).toBe(invoice);
		expect(restored.newBarcode()).toBe(store.newBarcode());
		expect(restored.random.next()).toBe(store.random.next());
	});
});
