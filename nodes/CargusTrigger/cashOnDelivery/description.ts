import type { INodeProperties } from 'n8n-workflow';

import { optionsField } from '../../shared/form/fields';
import { emitExistingOption, timeoutOption, watchListField } from '../parameters';

export const DEFAULT_KEEP_DAYS = 30;

export const cashOnDeliveryProperties: INodeProperties[] = [
	watchListField({
		displayName: 'Barcodes',
		name: 'barcodes',
		rows: 4,
		placeholder: 'Empty: every shipment of the account',
		description:
			'Barcodes (AWB numbers) to watch, separated by commas or new lines; empty: every cash-on-delivery shipment of the account. An expression is evaluated at every poll.',
	}),
	optionsField([
		emitExistingOption('Emit Existing Repayments', 'the repayments already made'),
		{
			displayName: 'Remember Repayments For (Days)',
			name: 'keepDays',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_KEEP_DAYS,
			description:
				'How long a repayment is remembered, counted back from the newest repayment seen. A repayment dated earlier than that is taken as already emitted.',
		},
		timeoutOption,
	]),
];
