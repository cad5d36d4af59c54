/**
 * Example 3, "Tell the customer", mails the AWB's recipient: two AWBs made through example 1 with the shop order's
 * email, one of them then refused at the door (the sandbox's control), and shipments without an email; the sandbox's
 * clock moves a day. The mail sink holds, for the delivered AWB, one "out for delivery" and one "delivered" mail to its
 * recipient, for the refused one one "refused" mail, nothing for the AWBs without an email (each in the execution's
 * "Skipped: no recipient email" branch) and nothing to an address no AWB gave.
 */
import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import type { StoredMail } from '../../scripts/lib/smtp-sink';
import { afterAnotherPoll } from './anotherPoll';
import { assert, check, waitFor } from './checks';
import { customerMails, itemsToMail, kindOf, recipientEmailOf, SKIPPED_NODE, TELL_THE_CUSTOMER, type MailKind } from './customerMails';
import { example, execution, executionsOf, finishedExecutions, isUnfinished, outputOf, type NodeOutputItem, type WorkflowSummary } from './n8n-api';
import { deliveriesWithin } from './plannedDeliveries';
import { sendShopOrder, shopOrder, SHOP_ORDER_WORKFLOW } from './shopOrder';

const TRIGGER = 'Cargus Trigger';
const HOURS = 24;

async function activeOrActivated(live: Launched, workflow: string): Promise<boolean> {
	const { active } = await live.rest<WorkflowSummary>('GET', `/rest/workflows/${workflow}`);
	if (!active) await live.activate(workflow);
	return active;
}

/** An AWB made by example 1 for a shop order whose customer's email is `email`. */
async function awbFor(live: Launched, orderNumber: string, name: string, email: string): Promise<string> {
	const order = shopOrder();
	const sent = await sendShopOrder(live, { ...order, orderNumber, contact: { ...(order.contact as object), name, email } });
	const barcode = String(sent.answer.barcode);
	assert(/^\d{6,20}$/.test(barcode) && sent.answer.alreadyCreated !== true, `example 1 answered no new AWB for ${orderNumber}: ${sent.text.slice(0, 300)}`);
	return barcode;
}

function kinds(mails: StoredMail[], to: string): Record<MailKind, number> {
	const counts: Record<MailKind, number> = { out: 0, delivered: 0, refused: 0, notAtHome: 0, wrongAddress: 0 };
	for (const mail of mails) {
		const kind = kindOf(mail);
		if (kind !== undefined && mail.to.map((address) => address.toLowerCase()).includes(to)) counts[kind]++;
	}
	return counts;
}

export async function tellTheCustomerCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('"Tell the customer" mails the AWB\'s recipient: out for delivery and delivered for an AWB of example 1, refused for one refused at the door, none without an email, none to a fixed address', async () => {
		const language = String(
			(example(TELL_THE_CUSTOMER).nodes.find((node) => node.name === 'Shop settings')?.parameters.assignments as { assignments: Array<{ name: string; value: unknown }> } | undefined)?.assignments.find(
				(setting) => setting.name === 'language',
			)?.value,
		);
		await activeOrActivated(live, SHOP_ORDER_WORKFLOW);
		// Without an email (as the sandbox's own parcels): out for delivery and delivered inside the clock's move.
		const planted = await deliveriesWithin(control, HOURS);
		if (!(await activeOrActivated(live, TELL_THE_CUSTOMER))) {
			await control.clearRequests();
			await waitFor('the first poll', 90000, async () => ((await control.requests()).some((q) => q.operation.startsWith('trace') && q.status === 200) ? true : undefined));
		}
		// Executions of earlier polls under way end before the count starts.
		await waitFor('the executions of "Tell the customer" under way to finish', 120000, async () => ((await executionsOf(live, TELL_THE_CUSTOMER)).some(isUnfinished) ? undefined : true));
		const executionsBefore = new Set((await executionsOf(live, TELL_THE_CUSTOMER)).map((run) => run.id));
		const mailsBefore = live.smtp.mails.length;

		const suffix = String(Date.now()).slice(-6);
		const delivered = { email: `ana.popescu.${suffix}@client.example`, barcode: await awbFor(live, `SHOP-3D${suffix}`, 'Ana Popescu', `ana.popescu.${suffix}@client.example`) };
		const refused = { email: `mihai.ionescu.${suffix}@client.example`, barcode: await awbFor(live, `SHOP-3R${suffix}`, 'Mihai Ionescu', `mihai.ionescu.${suffix}@client.example`) };
		await control.refuse(refused.barcode, { stepMinutes: 60 });
		await control.advanceClock({ hours: HOURS });
		const [deliveredShipment, refusedShipment] = await control.shipments([delivered.barcode, refused.barcode]);
		const ids = (shipment: typeof deliveredShipment) => shipment.visibleEvents.map((event) => Number(event.EventId));
		const refusal = (shipment: typeof deliveredShipment) => shipment.visibleEvents.some((event) => /refuz/i.test(String(event.Description)));
		assert(ids(deliveredShipment).includes(5) && ids(deliveredShipment).includes(21), `AWB ${delivered.barcode} after ${HOURS} hours: events ${ids(deliveredShipment).join(', ')}`);
		assert(refusal(refusedShipment) && !ids(refusedShipment).includes(21), `AWB ${refused.barcode} after ${HOURS} hours: events ${ids(refusedShipment).join(', ')}`);

		const mails = () => customerMails(live.smtp.mails.slice(mailsBefore));
		await waitFor('the mails to both recipients', 180000, async () => {
			const toDelivered = kinds(mails(), delivered.email);
			const toRefused = kinds(mails(), refused.email);
			return toDelivered.out >= 1 && toDelivered.delivered >= 1 && toRefused.refused >= 1 ? true : undefined;
		});
		const plantedBarcodes = planted.map((shipment) => shipment.barcode);
		const skippedItems = async (): Promise<{ trigger: NodeOutputItem[]; skipped: NodeOutputItem[]; runs: string[] }> => {
			const runs = (await executionsOf(live, TELL_THE_CUSTOMER)).filter((run) => run.mode === 'trigger' && !executionsBefore.has(run.id));
			const finished = await finishedExecutions(live, TELL_THE_CUSTOMER, runs.map((run) => run.id), 120000);
			const failed = finished.filter((run) => run.status !== 'success');
			assert(failed.length === 0, `${failed.length} executions of "Tell the customer" did not succeed (${failed.map((run) => `${run.id}: ${run.status}`).join(', ')})`);
			const trigger: NodeOutputItem[] = [];
			const skipped: NodeOutputItem[] = [];
			for (const run of finished) {
				const detail = await execution(live, run.id);
				trigger.push(...outputOf(detail, TRIGGER));
				skipped.push(...outputOf(detail, SKIPPED_NODE));
			}
			return { trigger, skipped, runs: finished.map((run) => run.id) };
		};
		// The planted shipments' out for delivery and delivered, each in the skipped branch with its reason.
		const seen = await waitFor('the AWBs without an email in the skipped branch', 120000, async () => {
			const found = await skippedItems();
			const planted5and21 = found.skipped.filter((item) => plantedBarcodes.includes(String(item.json.Barcode)) && ['out for delivery', 'delivered'].includes(String(item.json.Outcome)));
			return planted5and21.length >= 2 * planted.length ? found : undefined;
		});
		// One more poll goes by (waited for: it emits an AWB added for it): nothing comes twice.
		const another = await afterAnotherPoll(live, control, TELL_THE_CUSTOMER, TRIGGER);
		const all = mails();
		const final = await skippedItems();
		const keys = final.trigger.map((item) => `${String(item.json.Barcode)}|${String(item.json.EventId)}|${String(item.json.Date)}`);
		const twice = keys.filter((key, index) => keys.indexOf(key) !== index);
		assert(twice.length === 0, `events emitted twice: ${twice.join(', ')}`);

		const toDelivered = kinds(all, delivered.email);
		const toRefused = kinds(all, refused.email);
		assert(toDelivered.out === 1 && toDelivered.delivered === 1 && toDelivered.refused === 0, `to ${delivered.email}: ${JSON.stringify(toDelivered)}`);
		assert(toRefused.refused === 1 && toRefused.delivered === 0 && toRefused.out === ids(refusedShipment).filter((id) => id === 5).length, `to ${refused.email}: ${JSON.stringify(toRefused)}`);
		// Every mail goes to the email the trigger read from the mailed AWB, and only there.
		const emailOf = new Map(final.trigger.map((item) => [String(item.json.Barcode), recipientEmailOf(item).toLowerCase()]));
		const astray = all.filter((mail) => {
			const barcode = /\d{6,20}/.exec(mail.subject)?.[0] ?? '';
			const to = mail.to.map((address) => address.toLowerCase());
			return to.length !== 1 || emailOf.get(barcode) === undefined || emailOf.get(barcode) === '' || to[0] !== emailOf.get(barcode);
		});
		assert(astray.length === 0, `mails not to their AWB's recipient: ${astray.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('; ')}`);
		const mailed = itemsToMail(final.trigger).length;
		assert(all.length === mailed, `${all.length} mails for ${mailed} events of the mailed outcomes of AWBs with an email`);
		// The customer reads the shop's order number: example 1's reference is its order number (SHOP-3D…).
		const numbered = all.filter((mail) => mail.subject.includes(delivered.barcode) || mail.subject.includes(refused.barcode));
		assert(numbered.every((mail) => mail.text.includes(`SHOP-3${mail.subject.includes(delivered.barcode) ? 'D' : 'R'}${suffix}`)), `mails without their order number: ${numbered.map((mail) => mail.text.slice(0, 200)).join(' | ')}`);
		const plantedMails = all.filter((mail) => plantedBarcodes.some((barcode) => mail.subject.includes(barcode)));
		assert(plantedMails.length === 0, `${plantedMails.length} mails about AWBs without an email`);
		const reasons = final.skipped.filter((item) => plantedBarcodes.includes(String(item.json.Barcode)));
		const outAndDelivered = reasons.filter((item) => ['out for delivery', 'delivered'].includes(String(item.json.Outcome)));
		assert(outAndDelivered.length === 2 * planted.length && reasons.every((item) => /no recipient email/.test(String(item.json.skipped))), `the skipped branch: ${JSON.stringify(reasons.map((item) => item.json))}`);
		const wordsOf = { ro: /^Coletul /, en: /^Your parcel / } as Record<string, RegExp>;
		assert(wordsOf[language] !== undefined && all.every((mail) => wordsOf[language].test(mail.subject)), `Shop settings › language is ${language}; subjects: ${all.map((mail) => mail.subject).join('; ')}`);
		return (
			`${delivered.barcode} -> ${delivered.email}: 1 out for delivery + 1 delivered; ${refused.barcode} (refused) -> ${refused.email}: ${toRefused.out} out for delivery + 1 refused; ` +
			`${all.length} mails in ${language}, each to its AWB's recipient; ${final.skipped.length} events skipped (no email), ${planted.length * 2} of them the planted AWBs'; ${seen.runs.length} -> ${final.runs.length} executions, the last poll's (${another.executionId}: AWB ${another.marker} added for it) repeating none`
		);
	});
}
