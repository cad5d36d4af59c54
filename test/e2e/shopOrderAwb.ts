/**
 * After example 1 made an AWB in the real n8n server: the AWB shows up in Shipment › Get Many by date and in
 * tracking, and once delivered (the sandbox's clock moved on) in cash on delivery. Each read is a Cargus node in a
 * webhook workflow of its own, answering its items.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { assert, check, waitFor } from './checks';
import { notYetServed } from './webhookFlow';

interface Item { [key: string]: unknown }

/** The day in Bucharest (YYYY-MM-DD) of an instant. */
export function bucharestDay(instant: string): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(instant));
}

/** Creates and activates a webhook workflow around one Cargus operation; answers a function that runs it. */
async function cargusWebhook(live: Launched, name: string, parameters: INodeParameters): Promise<() => Promise<Item[]>> {
	const path = `e2e-awb-${name}`;
	const created = await live.rest<{ id: string }>('POST', '/rest/workflows', {
		name: `AWB follow-up (e2e): ${name}`,
		nodes: [
			{ id: `${path}-hook`, name: 'Run', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0], webhookId: `${path}-id`, parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} } },
			{ id: `${path}-cargus`, name: 'Cargus', type: 'n8n-nodes-cargus.cargus', typeVersion: 1, position: [240, 0], parameters, credentials: { cargusApi: { id: 'cargusSandbox001', name: 'Cargus Sandbox' } } },
		],
		connections: { Run: { main: [[{ node: 'Cargus', type: 'main', index: 0 }]] } },
		active: false,
		settings: { executionOrder: 'v1' },
	});
	await live.activate(created.id);
	return async () => {
		const { status, text } = await waitFor(`the ${name} webhook`, 60000, async () => {
			const response = await fetch(`${live.editorUrl}webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
			const body = await response.text();
			return notYetServed(response.status, body) ? undefined : { status: response.status, text: body };
		});
		assert(status === 200, `the ${name} webhook answered ${status}: ${text.slice(0, 300)}`);
		const items = JSON.parse(text) as Item | Item[];
		return Array.isArray(items) ? items : [items];
	};
}

/** `day`: the Bucharest day the AWB was made on (YYYY-MM-DD). */
export async function shopOrderAwbCheck(live: Launched, control: SandboxControl, barcode: string, day: string): Promise<void> {
	await check('the AWB example 1 made shows up in Shipment › Get Many by date, in tracking and, once delivered, in cash on delivery', async () => {
		assert(barcode !== '', 'example 1 made no AWB');
		const listed = await cargusWebhook(live, 'by-date', { resource: 'shipment', operation: 'getMany', fromDate: `${day}T00:00:00`, toDate: `${day}T00:00:00`, returnAll: true });
		const tracked = await cargusWebhook(live, 'track', { resource: 'shipment', operation: 'track', barcodes: barcode });
		const cash = await cargusWebhook(live, 'cash', { resource: 'shipment', operation: 'getCashOnDelivery', barcode });
		// Three days on, whatever the clock checks before this one did: the AWB is picked up, delivered and repaid.
		await control.advanceClock({ days: 3 });
		const awbs = await listed();
		assert(awbs.some((awb) => awb.BarCode === barcode), `Get Many by date (${day}) lists ${awbs.length} AWBs, not ${barcode}`);
		const events = JSON.stringify(await tracked());
		assert(events.includes('"EventId":70'), `tracking shows no pickup of ${barcode}: ${events.slice(0, 300)}`);
		const [record] = await cash();
		assert(record?.BarCode === barcode && ['Confirmat', 'Rambursat'].includes(String(record.StatusExpression)) && record.RepaymentValue !== undefined, `cash on delivery of ${barcode}: ${JSON.stringify(record).slice(0, 300)}`);
		return `listed among ${awbs.length} AWBs of ${day}, picked up, then delivered with ${String(record.RepaymentValue)} RON cash on delivery (${String(record.RepaymentDate)})`;
	});
}
