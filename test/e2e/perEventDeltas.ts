/**
 * Cargus answering GetDeltaEvents one row per event (the sandbox's `deltaEvents: 'event'`) instead of one row per
 * shipment (its default, as a client that read Cargus' document reads it): switched on the running sandbox, then back.
 * "Tell the customer" (example 3) watches the whole account: every event of the account that comes while the sandbox
 * answers so is emitted once, none missing, and nothing it emitted before comes again, neither when the shape changes
 * nor when it changes back. Example 6's WooCommerce orders follow their parcels the same way: not at home (110), then
 * delivered, ends completed; refused (186), then returned (197), ends cancelled; example 3 mails each event once.
 */
import { EVENT_TEXTS, type SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { afterAnotherPoll } from './anotherPoll';
import { assert, check, waitFor } from './checks';
import { kindOf, TELL_THE_CUSTOMER } from './customerMails';
import { execution, executionsOf, isUnfinished, outputOf } from './n8n-api';
import {
	advanceUntil, executionIds, newExecutions, notAtHomeThenDelivered, notesWith, order, publish, settledTriggerRuns, shopOrder, stateOf, theAwbOf,
} from './wooCommerceTrigger';

const TRIGGER = 'Cargus Trigger';
const EXAMPLE_6 = 'cargusExample006';
/** The default account's client id: the credential of the examples is its. */
const CLIENT_ID = 70001;
/** Cargus' words of the refusal (186): example 6 writes them into the order's private note. */
const REFUSAL_WORDS = EVENT_TEXTS[186];

/** An event as the trigger and the sandbox both name it: AWB, id and moment. */
const keyOf = (barcode: unknown, eventId: unknown, date: unknown) => `${String(barcode)}|${String(eventId)}|${Date.parse(String(date))}`;

/** Every event the sandbox serves now of the default account's AWBs. */
async function accountEvents(control: SandboxControl): Promise<Set<string>> {
	const keys = new Set<string>();
	for (const shipment of await control.shipments()) {
		if (shipment.clientId !== CLIENT_ID) continue;
		for (const event of shipment.visibleEvents) keys.add(keyOf(shipment.barcode, event.EventId, event.Date));
	}
	return keys;
}

/**
 * Every event example 3's Cargus Trigger emitted, in all its executions (once all have finished), as often as emitted;
 * without the executions named in `except`.
 */
async function emittedByExample3(live: Launched, except: ReadonlySet<string> = new Set()): Promise<string[]> {
	const runs = await waitFor('the executions of "Tell the customer" to finish', 120_000, async () => {
		const listed = await executionsOf(live, TELL_THE_CUSTOMER);
		return listed.some(isUnfinished) ? undefined : listed;
	});
	const keys: string[] = [];
	for (const run of runs.filter((listed) => !except.has(listed.id))) {
		for (const item of outputOf(await execution(live, run.id), TRIGGER)) keys.push(keyOf(item.json.Barcode, item.json.EventId, item.json.Date));
	}
	return keys;
}

/** What of `expected` the trigger emitted not once (missing or twice), and what it emitted twice at all. */
function notOnce(emitted: string[], expected: Set<string>): { missing: string[]; twice: string[] } {
	const counts = new Map<string, number>();
	for (const key of emitted) counts.set(key, (counts.get(key) ?? 0) + 1);
	return { missing: [...expected].filter((key) => !counts.has(key)), twice: [...counts].filter(([, count]) => count > 1).map(([key]) => key) };
}

export async function perEventDeltasCheck(live: Launched, control: SandboxControl): Promise<void> {
	const woo = live.shop.woo;
	await check('GetDeltaEvents answered per event (the sandbox switched to it, then back): "Tell the customer" watching the whole account emits each new event of the account once, none missing, nothing again after either switch; example 6\'s WooCommerce orders end as their parcels do: not at home (110) then delivered ends completed, refused (186) then returned (197) ends cancelled; each event mailed to the customer once', async () => {
		await publish(live);
		if (!(await live.rest<{ active: boolean }>('GET', `/rest/workflows/${TELL_THE_CUSTOMER}`)).active) {
			await control.clearRequests();
			await live.activate(TELL_THE_CUSTOMER);
			await waitFor('the first poll of "Tell the customer"', 90_000, async () => ((await control.requests('traceDeltaEvents')).some((q) => q.status < 300) ? true : undefined));
		}
		const [notAtHome, refused] = [5711, 5712];
		const reference = (id: number) => `woo-${id}`;
		const ordersBefore = await executionIds(live);
		for (const id of [notAtHome, refused]) await woo.placeOrder(order(id));
		await newExecutions(live, ordersBefore, 4);
		const barcode = new Map<number, string>();
		for (const id of [notAtHome, refused]) barcode.set(id, (await theAwbOf(control, reference(id))).shipment.barcode);
		const example6Before = new Set((await executionsOf(live, EXAMPLE_6)).map((run) => run.id));

		const shape = (await control.setSettings({})).deltaEvents;
		assert(shape === 'shipment', `the sandbox answered GetDeltaEvents per ${shape} before the switch`);
		// What the sandbox serves before the switch: emitted already, or soon in the shape it was served in; never twice.
		const before = await accountEvents(control);
		const mailsBefore = live.smtp.mails.length;
		const runsBefore = new Set((await executionsOf(live, TELL_THE_CUSTOMER)).map((run) => run.id));
		await control.setSettings({ deltaEvents: 'event' });
		let switchedBack = false;
		try {
			await control.clearRequests();
			await notAtHomeThenDelivered(control, barcode.get(notAtHome) as string);
			await control.refuse(barcode.get(refused) as string, { stepMinutes: 4 * 60, refusal: 186 });

			// Over several polls: first the attempt, the delivery and the refusal (the parcels' 15th and 16th hour), then the
			// return (the 20th): the refusal is noted while the order waits for its parcel, the return cancels it.
			const firstMove = await advanceUntil(control, 'delivered after not at home, and refused', async () =>
				(await stateOf(control, barcode.get(notAtHome) as string)) === 'delivered' && (await stateOf(control, barcode.get(refused) as string)) === 'refused');
			const firstNew = new Set([...(await accountEvents(control))].filter((key) => !before.has(key)));
			await waitFor(`the ${firstNew.size} events of the first move emitted, order ${notAtHome} completed and the refusal noted at order ${refused}`, 180_000, async () =>
				notOnce(await emittedByExample3(live), firstNew).missing.length === 0 && shopOrder(live, notAtHome).status === 'completed' && notesWith(live, refused, REFUSAL_WORDS).length > 0 ? true : undefined);
			assert(shopOrder(live, refused).status === 'processing', `refused, not yet returned: order ${refused} is ${shopOrder(live, refused).status}`);

			const secondMove = await advanceUntil(control, 'returned', async () => (await stateOf(control, barcode.get(refused) as string)) === 'returned');
			const after = await accountEvents(control);
			const fresh = new Set([...after].filter((key) => !before.has(key)));
			await waitFor(`the ${fresh.size} events of the account that came per event emitted`, 180_000, async () => (notOnce(await emittedByExample3(live), fresh).missing.length === 0 ? true : undefined));
			await waitFor(`order ${refused} cancelled`, 180_000, async () => (shopOrder(live, refused).status === 'cancelled' ? true : undefined));
			const asked = (await control.requests('traceDeltaEvents')).filter((q) => q.status < 300).length;
			assert(asked > 0, 'no GetDeltaEvents answered while the sandbox answered per event');

			// Back to rows per shipment; one more poll of example 3 goes by (waited for: it emits an AWB added for it).
			await control.setSettings({ deltaEvents: 'shipment' });
			switchedBack = true;
			const another = await afterAnotherPoll(live, control, TELL_THE_CUSTOMER, TRIGGER);
			const emitted = await emittedByExample3(live);
			const { missing, twice } = notOnce(emitted, fresh);
			assert(missing.length === 0 && twice.length === 0, `events of the account missing: ${missing.join(', ') || 'none'}; emitted twice: ${twice.join(', ') || 'none'}`);
			// What the polls since the switch emitted that the sandbox served before it: events not yet polled then (each still once).
			const carried = (await emittedByExample3(live, runsBefore)).filter((key) => before.has(key));

			// Example 6: the orders where their parcels ended, its Cargus Triggers' executions all successful.
			const failed = await settledTriggerRuns(live, EXAMPLE_6, example6Before);
			assert(failed.length === 0, `example 6's Cargus Triggers: executions ${failed.map((run) => `${run.id} ${run.status}`).join(', ')}`);
			const ways = [notAtHome, refused].map((id) => (woo.statusChanges.get(id) ?? []).map((change) => `${change.from}>${change.to}`).join(' '));
			assert(ways[0] === 'processing>completed' && ways[1] === 'processing>cancelled', `the orders went ${JSON.stringify(ways)}`);
			const refusalNotes = notesWith(live, refused, REFUSAL_WORDS);
			assert(refusalNotes.length === 1 && !refusalNotes[0].customer_note && refusalNotes[0].note.includes(barcode.get(refused) as string), `the refusal notes: ${JSON.stringify(refusalNotes)}`);
			const [notAtHomeParcel, refusedParcel] = await control.shipments([barcode.get(notAtHome) as string, barcode.get(refused) as string]);
			const ids = (parcel: typeof notAtHomeParcel) => parcel.visibleEvents.map((event) => event.EventId).join();
			assert(ids(notAtHomeParcel) === '70,10,11,5,110,5,21' && ids(refusedParcel) === '70,10,11,5,186,197', `the parcels' events: ${ids(notAtHomeParcel)}; ${ids(refusedParcel)}`);
			assert(notesWith(live, notAtHome, EVENT_TEXTS[110]).length === 0, `order ${notAtHome} got a note of not at home: ${JSON.stringify(woo.notes.get(notAtHome))}`);

			// Example 3's mails: each event of a mailed outcome once, to the order's customer.
			const about = (id: number) => live.smtp.mails.slice(mailsBefore).filter((mail) => mail.subject.includes(barcode.get(id) as string));
			const told = (id: number) => about(id).map((mail) => kindOf(mail)).sort().join();
			assert(told(notAtHome) === 'delivered,notAtHome,out,out' && told(refused) === 'out,refused', `the customers were mailed: ${notAtHome}: ${told(notAtHome)}; ${refused}: ${told(refused)}`);
			return (
				`per event: clock moved ${firstMove} + ${secondMove} hours, ${fresh.size} new events of the account (${before.size} before) emitted once each over ${asked} GetDeltaEvents, ${carried.length} served before the switch first emitted after it; ` +
				`switched back, the next poll (${another.executionId}, AWB ${another.marker}) repeated none (${emitted.length} items in all); ` +
				`${notAtHome} (${ids(notAtHomeParcel)}): ${ways[0]}, mailed ${told(notAtHome)}; ${refused} (${ids(refusedParcel)}): note "${refusalNotes[0].note}", ${ways[1]}, mailed ${told(refused)}`
			);
		} finally {
			if (!switchedBack) await control.setSettings({ deltaEvents: 'shipment' });
		}
	});
}
