import type { ICredentialDataDecryptedObject, IDataObject, IExecuteSingleFunctions, INodeExecutionData, NodeOperationError } from 'n8n-workflow';

import type { Asking } from '../../../../shared/run/asking';
import { outcomeOf, type Outcome } from '../../../../shared/cargus/outcome';
import { nodeError } from '../../../../shared/transport/errors';
import { sendToCargus } from '../../../../shared/transport/send';
import { parseCargusDate } from '../../../../shared/values/cargusDate';
import { isToolNode } from '../../../../shared/values/toolArguments';
import { isRecord } from '../../../../shared/values/values';

/*
 * Get Delivery Picture, when Cargus has no picture (204, or JSON null), says why, from the AWB's trace: an AWB
 * Cargus does not know, one not delivered yet, one refused or returned (no picture will ever come), one delivered
 * whose picture is not there (yet). As an AI agent's tool it answers those in the tool's terms, and, for a picture,
 * what a model can use of it: n8n hands a tool's answer to the model as text (its MCP Server Trigger's tool result is
 * text only, and binary data is left out of a tool's answer), so the file stays with the workflow.
 */

const DELIVERED: Outcome[] = ['delivered', 'delivered damaged', 'partly delivered'];
const GOING_BACK: Outcome[] = ['refused', 'returned'];

interface Happening {
	outcome: Outcome;
	description: string;
	date: string;
}

/** What Cargus' trace says of the AWB: nothing (unknown), or its events in time order, each with its outcome. */
type Story = { known: false } | { known: true; events: Happening[] };

function barcodeKey(value: unknown): string {
	return String(value ?? '').trim().replace(/^0+(?=\d)/, '');
}

async function storyOf(context: IExecuteSingleFunctions, barcode: string, credentials: ICredentialDataDecryptedObject): Promise<Story> {
	const answer = await sendToCargus(context, { method: 'GET', url: '/api/AwbTrace', qs: { barCode: `[${barcode}]` }, headers: { Accept: 'application/json' }, json: true }, credentials);
	const body = answer.body as unknown;
	const traces: unknown[] = Array.isArray(body) ? body : [body];
	const trace = traces.find((entry): entry is IDataObject => isRecord(entry) && barcodeKey(entry.Code) === barcodeKey(barcode));
	if (trace === undefined) return { known: false };
	const events = (Array.isArray(trace.Event) ? trace.Event : []) as IDataObject[];
	return {
		known: true,
		events: events
			.map((event) => ({ outcome: outcomeOf(event.EventId, event.Description), description: String(event.Description ?? ''), date: String(event.Date ?? ''), time: parseCargusDate(event.Date)?.millis ?? 0 }))
			.sort((a, b) => a.time - b.time)
			.map(({ outcome, description, date }) => ({ outcome, description, date })),
	};
}

/**
 * The three cases apart, and the fourth (delivered): the last delivery, or the last refusal or return after it;
 * `untold` when the trace could not be read (the picture's answer does not fail for it).
 */
function caseOf(story: Story | undefined): { kind: 'untold' } | { kind: 'unknown' } | { kind: 'going back'; event: Happening } | { kind: 'delivered'; event: Happening } | { kind: 'not delivered yet'; event?: Happening } {
	if (story === undefined) return { kind: 'untold' };
	if (!story.known) return { kind: 'unknown' };
	const last = (outcomes: Outcome[]) => [...story.events].reverse().find((event) => outcomes.includes(event.outcome));
	const delivered = last(DELIVERED);
	const back = last(GOING_BACK);
	if (back !== undefined && (delivered === undefined || story.events.indexOf(back) > story.events.indexOf(delivered))) return { kind: 'going back', event: back };
	if (delivered !== undefined) return { kind: 'delivered', event: delivered };
	return { kind: 'not delivered yet', event: story.events.at(-1) };
}

function eventSaid(event: Happening | undefined): string {
	return event === undefined ? 'no event yet' : `"${event.description}" on ${event.date}`;
}

/** A workflow's error for an AWB without a picture, each case in its own words. */
function noPictureError(context: IExecuteSingleFunctions, barcode: string, story: Story | undefined): NodeOperationError {
	const onError = 'To let the workflow go on without it, set the node\'s Settings › On Error to Continue.';
	const found = caseOf(story);
	const [message, why] =
		found.kind === 'untold'
			? [`Cargus has no delivery picture for ${barcode}`, 'Why could not be told: the AWB\'s trace did not answer.']
			: found.kind === 'unknown'
			? [`Cargus does not know the AWB ${barcode}`, 'Its trace has no such AWB: check the barcode.']
			: found.kind === 'going back'
				? [`${barcode} was ${found.event.outcome}: no delivery picture will come`, `Its event ${eventSaid(found.event)}: the parcel goes back to the sender and is never delivered to the recipient.`]
				: found.kind === 'delivered'
					? [`Cargus has no delivery picture for ${barcode}, delivered ${found.event.date}`, 'The parcel is delivered, but Cargus has not (yet) stored a picture of it.']
					: [`${barcode} is not delivered yet: no delivery picture so far`, `Its latest event: ${eventSaid(found.event)}. The picture comes once the parcel is delivered.`];
	return nodeError(context, { message, description: `${why} ${onError}` });
}

/** What a model reads for an AWB without a picture. */
function noPictureAnswer(barcode: string, story: Story | undefined): IDataObject {
	const found = caseOf(story);
	if (found.kind === 'untold') return { Barcode: barcode, Picture: false, Meaning: 'Cargus has no delivery picture for this AWB; why could not be told (its tracking did not answer): track it, or ask again later.' };
	if (found.kind === 'unknown') return { Barcode: barcode, Found: false, Picture: false, Meaning: 'Cargus does not know this AWB: tell the user, do not try other numbers.' };
	if (found.kind === 'going back') {
		return { Barcode: barcode, Found: true, Picture: false, Delivered: false, Outcome: found.event.outcome, Since: found.event.date, Meaning: `The parcel was ${found.event.outcome} and goes back to the sender: it will not be delivered, so no delivery picture will ever come.` };
	}
	if (found.kind === 'delivered') {
		return { Barcode: barcode, Found: true, Picture: false, Delivered: true, DeliveredAt: found.event.date, Meaning: 'The parcel is delivered, but Cargus has no picture of the delivery (yet): ask again later, or tell the user there is none so far.' };
	}
	return {
		Barcode: barcode, Found: true, Picture: false, Delivered: false,
		LatestEvent: found.event === undefined ? null : { Description: found.event.description, Date: found.event.date, Outcome: found.event.outcome },
		Meaning: 'Not delivered yet: the delivery picture comes once the parcel is delivered; ask again after the delivery.',
	};
}

/** What a model reads for an AWB with a picture: that there is one, when it was delivered, and where the file is. */
function pictureAnswer(barcode: string, story: Story | undefined, item: INodeExecutionData): IDataObject {
	const found = caseOf(story);
	return {
		Barcode: barcode, Found: true, Picture: true,
		DeliveredAt: found.kind === 'delivered' ? found.event.date : null,
		File: { Name: item.json.fileName, Type: item.json.mimeType, Bytes: item.json.fileSize },
		Meaning: 'Cargus has the delivery picture. It is a file the workflow holds: a tool answers text only, so the picture itself cannot be shown here. Tell the user it exists and when the parcel was delivered.',
	};
}

/** Get Delivery Picture's asking: the picture (a workflow's file), or why there is none; as a tool, what a model can use. */
export function pictureOrWhyNot(ask: Asking): Asking {
	return async function (this, request, credentials) {
		const barcode = String(this.getNodeParameter('barcode', '')).trim();
		const items = await ask.call(this, request, credentials);
		const tool = isToolNode(this.getNode());
		if (items.length > 0 && !tool) return items;
		// The trace only explains: a trace that fails leaves the picture's answer as it is.
		const story = await storyOf(this, barcode, credentials).catch(() => undefined);
		if (items.length === 0) {
			if (tool) return [{ json: noPictureAnswer(barcode, story) }];
			throw noPictureError(this, barcode, story);
		}
		return items.map((item) => ({ json: pictureAnswer(barcode, story, item) }));
	};
}
