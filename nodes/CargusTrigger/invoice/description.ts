import type { INodeProperties } from 'n8n-workflow';

import { optionsField } from '../../shared/form/fields';
import { emitExistingOption, timeoutOption } from '../parameters';

export const DEFAULT_LOOK_BACK_DAYS = 31;

export const invoiceProperties: INodeProperties[] = [
	{
		displayName: 'Download PDF',
		name: 'downloadPdf',
		type: 'boolean',
		default: true,
		description:
			'Whether to attach each invoice\'s PDF as a binary file (property "data", named after its series and number), ready for Send Email',
		hint: 'On: each item carries its invoice\'s PDF as the binary property "data" (e.g. CRG2000123.pdf); off: the invoice\'s fields only',
	},
	optionsField([
		emitExistingOption('Emit Existing Invoices', 'the invoices already issued within the look-back window'),
		{
			displayName: 'Look Back (Days)',
			name: 'lookBackDays',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_LOOK_BACK_DAYS,
			description:
				'How many days before today the invoice dates may be. Cargus issues some invoices days after their date: those are still emitted if their date is within this window.',
		},
		timeoutOption,
	]),
];
