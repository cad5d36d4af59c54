import type { INodeProperties } from 'n8n-workflow';

import { emitExistingOption, timeoutOption } from '../parameters';

export const pickupOrderProperties: INodeProperties[] = [
	{
		displayName: 'Order IDs',
		name: 'orderIds',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: '123456, 123457',
		description:
			'Pickup order IDs (the OrderId that Pickup Order › Send answers), separated by commas or new lines. An expression is evaluated at every poll, so a list kept elsewhere can drive the trigger. Orders removed from the list are forgotten.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [emitExistingOption('Emit Current Status', 'the status each order has when it is first watched'), timeoutOption],
	},
];
