import type { INodeProperties } from 'n8n-workflow';

import { MAX_BARCODES_PER_REQUEST } from '../../shared/values/barcodes';
import { optionsField } from '../../shared/form/fields';
import { OUTCOMES, outcomeName } from '../../shared/cargus/outcome';
import { accountDaysOption, timeoutOption, watchField, watchListField } from '../parameters';
import { DEFAULT_ACCOUNT_DAYS, DEFAULT_FINAL_OUTCOMES, DEFAULT_POLLS_AFTER_FINAL } from './settings';

/** What happened, as each event's Outcome says it (docs/trigger.md, "What happened"). */
const outcomes = OUTCOMES.map((outcome) => ({ name: outcomeName(outcome), value: outcome })).sort((a, b) => a.name.localeCompare(b.name));

export const trackingProperties: INodeProperties[] = [
	...watchField(
		{
			name: 'All Shipments of the Account',
			description: 'Every shipment with a tracking event in the last days (Window), with no list to keep: one request a poll',
		},
		{ name: 'Listed Barcodes', description: 'The shipments whose barcodes you list: one request per 50 barcodes a poll' },
		{
			description: 'Which shipments to watch: every shipment of the account, with no list to keep, or only those whose barcodes you list',
			hint: 'The whole account needs no list: every AWB the account creates is watched from its first tracking event',
		},
	),
	{
		...watchListField({
		displayName: 'Barcodes',
		name: 'barcodes',
		rows: 4,
		required: true,
		placeholder: '1234567890, 1234567891',
		description:
			'Barcodes (AWB numbers) of the shipments to watch, separated by commas or new lines. An expression is evaluated at every poll, so a list kept elsewhere can drive the trigger. Shipments removed from the list are forgotten.',
		}),
		displayOptions: { show: { watch: ['list'] } },
	},
	optionsField([
		accountDaysOption('the shipments with tracking events', DEFAULT_ACCOUNT_DAYS),
		{
			displayName: 'Add Order and Recipient',
			name: 'orderAndRecipient',
			type: 'boolean',
			default: false,
			description:
				"Whether to add to each event its AWB's order reference (CustomString) and recipient (Recipient: Name, Email, PhoneNumber, LocalityName), so a workflow can tell the customer. Each AWB is read once (GET /api/Awbs) and kept in n8n's memory, not in the workflow. Needs a login account.",
		},
		{
			displayName: 'Barcodes per Request',
			name: 'batchSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_BARCODES_PER_REQUEST },
			default: MAX_BARCODES_PER_REQUEST,
			description: `How many barcodes to trace in one request (at most ${MAX_BARCODES_PER_REQUEST}: Cargus documents no limit, and its clients send 10 to 50)`,
		},
		{
			displayName: 'Emit Existing Events',
			name: 'emitExisting',
			type: 'boolean',
			default: false,
			description:
				'Whether to emit the events a shipment already has when it is first watched. Off: only events that happen afterwards are emitted, so activating does not flood the workflow.',
		},
		{
			displayName: 'Only Outcomes',
			name: 'eventIds',
			type: 'multiOptions',
			options: outcomes,
			default: [],
			description:
				"Emit only the events with these outcomes, what happened as each event's Outcome says it (all events when empty). Cargus event IDs can be given with an expression, e.g. a list of numbers.",
		},
		{
			displayName: 'Polls After Final Event',
			name: 'pollsAfterFinal',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: DEFAULT_POLLS_AFTER_FINAL,
			description:
				'How many more polls a shipment stays watched after its latest event became a final one, to catch late corrections',
		},
		{
			...timeoutOption,
			description: 'How long to wait for one tracking request. A request that times out is repeated at the next poll.',
		},
		{
			displayName: 'Stop Watching After',
			name: 'finalEventIds',
			type: 'multiOptions',
			options: outcomes,
			default: [...DEFAULT_FINAL_OUTCOMES],
			description:
				'Outcomes that end a shipment: some polls after an event with one of them is its latest, the shipment is no longer traced (it stays listed but is not asked about). Cargus event IDs can be given with an expression. Empty: watch every listed shipment for as long as it is listed.',
		},
	]),
];
