/**
 * Cargus' clock days ahead of n8n's, in the real n8n server (issue 65): the sandbox's clock moved at least 3 days ahead
 * (n8n's own clock does not move), a Shopify order delivered twice to example 7 makes one AWB, and example 8 prints
 * exactly the AWBs made since its last run. The nodes read Cargus' "today" from the Date header of its answers.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { SandboxControl } from '../../sandbox';
import { EXAMPLES_DIR, type Launched } from '../../scripts/lib/launcher';
import { shopifyDelivery } from '../../scripts/lib/shop-deliveries';
import { assert, check, waitFor } from './checks';
import { executionsOf } from './n8n-api';
import { EXAMPLE_8, printedByExample8 } from './printLabels';
import { deliver } from './shopPlatforms';

const DAY_MS = 86_400_000;
const DAYS_AHEAD = 3;
const SHOPIFY_WORKFLOW = 'cargusExample007';

/** Moves the sandbox's clock until it is DAYS_AHEAD days ahead of n8n's at least; answers how many hours ahead it is. */
async function sandboxDaysAhead(control: SandboxControl): Promise<number> {
	const ahead = Date.parse((await control.clock()).now) - Date.now();
	if (ahead < DAYS_AHEAD * DAY_MS) await control.advanceClock({ hours: Math.ceil((DAYS_AHEAD * DAY_MS - ahead) / 3_600_000) });
	return Math.round((Date.parse((await control.clock()).now) - Date.now()) / 3_600_000);
}

async function published(live: Launched, workflowId: string): Promise<void> {
	if (!(await live.rest<{ active: boolean }>('GET', `/rest/workflows/${workflowId}`)).active) await live.activate(workflowId);
}

export async function cargusClockAheadChecks(live: Launched, control: SandboxControl): Promise<void> {
	await check(`cargus' clock 3 days ahead of n8n's: a shopify order delivered twice to example 7, 4 seconds apart, makes one awb`, async () => {
		const hours = await sandboxDaysAhead(control);
		await published(live, SHOPIFY_WORKFLOW);
		const number = 6500 + Math.floor(Math.random() * 400);
		const sample = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, 'data', 'shopify-order.json'), 'utf8')) as Record<string, unknown>;
		const id = 6120483276000 + number;
		const order = { ...sample, id, order_number: number, name: `#${number}`, admin_graphql_api_id: `gid://shopify/Order/${id}`, created_at: new Date().toISOString() };
		live.shop.shopify.placeOrder(order);
		const before = new Set((await executionsOf(live, SHOPIFY_WORKFLOW)).map((run) => run.id));
		await control.clearRequests();
		for (const delivery of ['first', 'second']) {
			const answer = await deliver(live, 'cargus-shopify-order', shopifyDelivery(order, live.webhookSecret.value));
			assert(answer.status === 200, `the ${delivery} delivery answered ${answer.status} ${answer.text.slice(0, 200)}`);
			if (delivery === 'first') await new Promise((resolve) => setTimeout(resolve, 4000));
		}
		const runs = await waitFor('both executions to end', 120_000, async () => {
			const fresh = (await executionsOf(live, SHOPIFY_WORKFLOW)).filter((run) => !before.has(run.id) && run.mode === 'webhook');
			return fresh.length >= 2 && fresh.every((run) => !['running', 'new', 'waiting'].includes(run.status)) ? fresh : undefined;
		});
		assert(runs.every((run) => run.status === 'success'), `the executions ended ${runs.map((run) => run.status).join(', ')}`);
		const reference = `shopify-${id}-${number}`;
		const carrying = (await control.shipments()).filter((shipment) => shipment.orderReference === reference);
		const created = (await control.requests('createAwb')).filter((request) => request.status === 200).length;
		assert(carrying.length === 1 && created === 1, `${carrying.length} AWBs carry ${reference}, ${created} createAwb requests served`);
		return `sandbox clock ${hours} hours ahead of n8n's: ${reference} delivered twice -> one AWB ${carrying[0].barcode} made ${carrying[0].createdAt.slice(0, 10)} (Cargus' day)`;
	});

	await check(`cargus' clock 3 days ahead of n8n's: example 8 prints exactly the awbs made since its last run`, async () => {
		const hours = await sandboxDaysAhead(control);
		await published(live, EXAMPLE_8);
		// Whatever an earlier run printed: from here, every AWB of Cargus' day counts as printed.
		await control.addShipments({ count: 1 });
		const all = await printedByExample8(live, '?reprint=true');
		assert(all.mails === 1 && all.barcodes.length > 0, `the reprint mailed ${all.mails} mails, ${all.barcodes.length} labels`);
		const added = (await control.addShipments({ count: 2 })).map((shipment) => shipment.barcode);
		const onlyNew = await printedByExample8(live);
		assert(onlyNew.barcodes.join() === added.join(), `after 2 new AWBs, printed ${onlyNew.barcodes.join(', ') || 'nothing'}, not ${added.join(', ')}`);
		const again = await printedByExample8(live);
		assert(again.mails === 0, `a run after it mailed ${again.mails} mails (${again.barcodes.join(', ')})`);
		return `sandbox clock ${hours} hours ahead of n8n's: a reprint of ${all.barcodes.length} AWBs of Cargus' day, then exactly the 2 made since (${added.join(', ')}), then nothing`;
	});
}
