import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { additionalFields, idField } from '../../shared/fields';
import { dateOf, integer, refuse, rfc3339, date, text } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithKeyOnly } from '../../shared/send';
import { isBlank, readAmount } from '../../shared/values';

/** Each receipt entry, every field required as the interface says. */
const receiptsToBody = async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const entries = ((this.getNodeParameter('receipts', {}) as IDataObject).receipt ?? []) as IDataObject[];
	const zone = this.getTimezone();
	const receipts = entries.map((entry, index) => {
		const label = (field: string) => `Receipts › ${index + 1} › ${field}`;
		const receiptDate = dateOf(entry.receiptDate, zone);
		if (!receiptDate) throw refuse(this, label('Receipt Date'), `${JSON.stringify(entry.receiptDate ?? '')} is not a date`);
		const amount = readAmount(entry.amount);
		if ('problem' in amount) throw refuse(this, label('Amount (RON)'), amount.problem);
		const idAwb = isBlank(entry.idAwb) ? NaN : Number(String(entry.idAwb).trim());
		if (!Number.isInteger(idAwb)) throw refuse(this, label('AWB ID'), `${JSON.stringify(entry.idAwb ?? '')} is not a whole number`);
		for (const [key, field] of [['receiptNumber', 'Receipt Number'], ['receiptOperator', 'Receipt Operator'], ['awb', 'AWB']]) {
			if (isBlank(entry[key])) throw refuse(this, label(field), 'a value is required');
		}
		return {
			ReceiptDate: rfc3339(receiptDate),
			ReceiptNumber: String(entry.receiptNumber).trim(),
			ReceiptOperator: String(entry.receiptOperator).trim(),
			Amount: amount.value,
			Awb: String(entry.awb).trim(),
			IdAwb: idAwb,
		};
	});
	options.body = { ...((options.body as IDataObject | undefined) ?? {}), CashReceipts: receipts };
	return options;
};

export const createList = operation({
	name: 'Create List',
	value: 'createList',
	action: 'Record cash receipts',
	description: 'Tell Cargus about the cash receipts you issued for cash-on-delivery shipments; gives the new list\'s ID',
	method: 'POST',
	url: '/api/CashReceipts',
	send: sendWithKeyOnly,
	preSend: [
		date({ parameter: 'date', label: 'Date', to: 'body', property: 'Date' }),
		text({ parameter: 'operator', label: 'Operator', to: 'body', property: 'Operator' }),
		integer({ parameter: 'location', label: 'Pickup Location ID', to: 'body', property: 'Location' }),
		integer({ parameter: 'additionalFields.id', label: 'List ID', to: 'body', property: 'Id', optional: true }),
		integer({ parameter: 'additionalFields.orderId', label: 'Pickup Order ID', to: 'body', property: 'OrderId', optional: true }),
		receiptsToBody,
	],
	output: valueAs('CashReceiptListId', 'number'),
});

export const createListFields = forOperation('cashReceipt', 'createList', [
	{ displayName: 'Date', name: 'date', type: 'dateTime', default: '', required: true, description: 'Date of the list' },
	{ displayName: 'Operator', name: 'operator', type: 'string', default: '', required: true, description: 'Who issued the receipts' },
	idField('location', 'Pickup Location ID', 'ID of your pickup location the receipts belong to', '1005962049'),
	{
		displayName: 'Receipts',
		name: 'receipts',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Receipt',
		default: {},
		options: [
			{
				displayName: 'Receipt',
				name: 'receipt',
				values: [
					{ displayName: 'Amount (RON)', name: 'amount', type: 'number', typeOptions: { numberPrecision: 2 }, default: null, required: true, description: 'Cash collected, in lei' },
					{ displayName: 'AWB', name: 'awb', type: 'string', default: '', required: true, placeholder: '804115458', description: 'Barcode (AWB number) of the shipment the cash was collected for' },
					{ displayName: 'AWB ID', name: 'idAwb', type: 'string', default: '', required: true, description: 'Cargus\' internal number of that AWB (not its barcode)' },
					{ displayName: 'Receipt Date', name: 'receiptDate', type: 'dateTime', default: '', required: true },
					{ displayName: 'Receipt Number', name: 'receiptNumber', type: 'string', default: '', required: true },
					{ displayName: 'Receipt Operator', name: 'receiptOperator', type: 'string', default: '', required: true, description: 'Who issued this receipt' },
				],
			},
		],
	},
	additionalFields([
		{ displayName: 'List ID', name: 'id', type: 'string', default: '', description: 'Your own number for this list, if you keep one' },
		{ displayName: 'Pickup Order ID', name: 'orderId', type: 'string', default: '', description: 'The pickup order the receipts belong to' },
	]),
]);
