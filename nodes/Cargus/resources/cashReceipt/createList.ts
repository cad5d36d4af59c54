import { additionalFields, pickupLocationField } from '../../../shared/form/fields';
import { field, toBody } from '../../../shared/form/field';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askWithoutLogin } from '../../../shared/run/asking';

export const createList = operation({
	name: 'Create List',
	value: 'createList',
	action: 'Record cash receipts',
	subtitle: 'Record cash receipts',
	description: 'Tell Cargus about the cash receipts you issued for cash-on-delivery shipments; gives the new list\'s ID',
	method: 'POST',
	url: '/api/CashReceipts',
	ask: askWithoutLogin,
	fields: [
		field({ displayName: 'Date', name: 'date', type: 'dateTime', default: '', required: true, description: 'Date of the list' }, { to: toBody('Date') }),
		field({ displayName: 'Operator', name: 'operator', type: 'string', default: '', required: true, description: 'Who issued the receipts' }, { to: toBody('Operator') }),
		pickupLocationField('location', 'Your pickup location the receipts belong to', toBody('Location')),
		{
			displayName: 'Receipts',
			name: 'receipts',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Receipt',
			default: {},
			options: [
				field(
					{
						displayName: 'Receipt',
						name: 'receipt',
						// Every field is required, as the interface says; each entry is one of CashReceipts.
						values: [
							field({ displayName: 'Amount (RON)', name: 'amount', type: 'number', typeOptions: { numberPrecision: 2 }, default: null, required: true, description: 'Cash collected, in lei' }, { rule: 'amount', to: toBody('Amount') }),
							field({ displayName: 'AWB', name: 'awb', type: 'string', default: '', required: true, placeholder: '804115458', description: 'Barcode (AWB number) of the shipment the cash was collected for' }, { rule: 'barcode', to: toBody('Awb') }),
							field({ displayName: 'AWB ID', name: 'idAwb', type: 'string', default: '', required: true, description: 'Cargus\' internal number of that AWB (not its barcode)' }, { rule: 'id', to: toBody('IdAwb') }),
							field({ displayName: 'Receipt Date', name: 'receiptDate', type: 'dateTime', default: '', required: true }, { to: toBody('ReceiptDate') }),
							field({ displayName: 'Receipt Number', name: 'receiptNumber', type: 'string', default: '', required: true }, { to: toBody('ReceiptNumber') }),
							field({ displayName: 'Receipt Operator', name: 'receiptOperator', type: 'string', default: '', required: true, description: 'Who issued this receipt' }, { to: toBody('ReceiptOperator') }),
						],
					},
					{ to: toBody('CashReceipts') },
				),
			],
		},
		additionalFields([
			field({ displayName: 'List ID', name: 'id', type: 'string', default: '', description: 'Your own number for this list, if you keep one' }, { rule: 'id', to: toBody('Id') }),
			field({ displayName: 'Pickup Order ID', name: 'orderId', type: 'string', default: '', description: 'The pickup order the receipts belong to' }, { rule: 'id', to: toBody('OrderId') }),
		]),
	],
	output: valueAs('CashReceiptListId', 'number'),
});
