import type { INodeProperties } from 'n8n-workflow';

import { optionsField } from '../../shared/form/fields';
import { accountDaysOption, emitExistingOption, timeoutOption, watchField, watchListField } from '../parameters';

export const DEFAULT_ACCOUNT_DAYS = 14;

export const pickupOrderProperties: INodeProperties[] = [
	...watchField(
		{ name: 'All Pickup Orders of the Account', description: 'Every pickup order created in the last days (Window): one request per 100 orders a poll' },
		{ name: 'Listed Order IDs', description: 'The pickup orders whose IDs you list: one request per order a poll' },
		{
			description: 'Which pickup orders to watch: every pickup order of the account, with no list to keep, or only those whose IDs you list',
			hint: 'The whole account needs no list: every pickup order created in the last days (Window, under Options) is watched',
		},
	),
	{
		...watchListField({
		displayName: 'Order IDs',
		name: 'orderIds',
		rows: 3,
		required: true,
		placeholder: '123456, 123457',
		description:
			'Pickup order IDs (the OrderId that Pickup Order › Send answers), separated by commas or new lines. An expression is evaluated at every poll, so a list kept elsewhere can drive the trigger. Orders removed from the list are forgotten.',
		}),
		displayOptions: { show: { watch: ['list'] } },
	},
	optionsField([
		accountDaysOption('the pickup orders (by creation date)', DEFAULT_ACCOUNT_DAYS),
		emitExistingOption('Emit Current Status', 'the status each order has when it is first watched'),
		timeoutOption,
	]),
];
