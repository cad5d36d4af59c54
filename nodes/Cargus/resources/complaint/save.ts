import { additionalFields } from '../../shared/fields';
import { text } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithKeyOnly } from '../../shared/send';

const OPTIONAL_TEXT: Array<[string, string, string]> = [
	['shipment', 'Shipment', 'Shipment'],
	['company', 'Company', 'Company'],
	['telephone', 'Telephone', 'Telephone'],
	['shipmentContent', 'Shipment Content', 'ShipmentContent'],
	['shipmentPack', 'Shipment Pack', 'ShipmentPack'],
];

export const save = operation({
	name: 'Save',
	value: 'save',
	action: 'File a complaint',
	description: 'Send Cargus a complaint about a shipment; outputs whether Cargus saved it',
	method: 'POST',
	url: '/api/Complaints/SaveComplaint',
	send: sendWithKeyOnly,
	preSend: [
		text({ parameter: 'personName', label: 'Person Name', to: 'body', property: 'PersonName' }),
		text({ parameter: 'email', label: 'Email', to: 'body', property: 'Email' }),
		text({ parameter: 'complaintDetails', label: 'Complaint Details', to: 'body', property: 'ComplaintDetails' }),
		...OPTIONAL_TEXT.map(([name, label, property]) =>
			text({ parameter: `additionalFields.${name}`, label, to: 'body', property, optional: true }),
		),
	],
	output: valueAs('saved', 'boolean'),
});

export const saveFields = forOperation('complaint', 'save', [
	{ displayName: 'Person Name', name: 'personName', type: 'string', default: '', required: true, description: 'Who complains' },
	{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', required: true, description: 'Where Cargus answers' },
	{ displayName: 'Complaint Details', name: 'complaintDetails', type: 'string', typeOptions: { rows: 4 }, default: '', required: true, description: 'What went wrong' },
	additionalFields([
		{ displayName: 'Company', name: 'company', type: 'string', default: '' },
		{ displayName: 'Shipment', name: 'shipment', type: 'string', default: '', description: 'Barcode (AWB number) of the shipment concerned' },
		{ displayName: 'Shipment Content', name: 'shipmentContent', type: 'string', default: '', description: 'What the shipment contained' },
		{ displayName: 'Shipment Pack', name: 'shipmentPack', type: 'string', default: '', description: 'How the shipment was packed' },
		{ displayName: 'Telephone', name: 'telephone', type: 'string', default: '' },
	]),
]);
