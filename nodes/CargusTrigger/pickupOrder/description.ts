import type { INodeProperties } from 'n8n-workflow';

import { optionsField } from '../../Cargus/shared/fields';
import { emitExistingOption, timeoutOption, watchListField } from '../parameters';

export const pickupOrderProperties: INodeProperties[] = [
	watchListField({
		displayName: 'Order IDs',
		name: 'orderIds',
		rows: 3,
		required: true,
		placeholder: '123456, 123457',
		description:
			'Pickup order IDs (the OrderId that Pickup Order › Send answers), separated by commas or new lines. An expression is evaluated at every poll, so a list kept elsewhere can drive the trigger. Orders removed from the list are forgotten.',
	}),
	optionsField([emitExistingOption('Emit Current Status', 'the status each order has when it is first watched'), timeoutOption]),
];
