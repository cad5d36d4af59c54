import { additionalFields } from '../../../shared/form/fields';
import { field, toBody } from '../../../shared/form/field';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askWithoutLogin } from '../../../shared/run/asking';

export const save = operation({
	name: 'Save',
	value: 'save',
	action: 'File a complaint',
	subtitle: 'File a complaint',
	description: 'Send Cargus a complaint about a shipment; outputs whether Cargus saved it',
	method: 'POST',
	url: '/api/Complaints/SaveComplaint',
	ask: askWithoutLogin,
	fields: [
		field({ displayName: 'Person Name', name: 'personName', type: 'string', default: '', required: true, description: 'Who complains' }, { to: toBody('PersonName') }),
		field({ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', required: true, description: 'Where Cargus answers' }, { rule: 'email', to: toBody('Email') }),
		field({ displayName: 'Complaint Details', name: 'complaintDetails', type: 'string', typeOptions: { rows: 4 }, default: '', required: true, description: 'What went wrong' }, { rule: 'longText', to: toBody('ComplaintDetails') }),
		additionalFields([
			field({ displayName: 'Company', name: 'company', type: 'string', default: '' }, { to: toBody('Company') }),
			field({ displayName: 'Shipment', name: 'shipment', type: 'string', default: '', description: 'Barcode (AWB number) of the shipment concerned' }, { rule: 'barcode', to: toBody('Shipment') }),
			field({ displayName: 'Shipment Content', name: 'shipmentContent', type: 'string', default: '', description: 'What the shipment contained' }, { to: toBody('ShipmentContent') }),
			field({ displayName: 'Shipment Pack', name: 'shipmentPack', type: 'string', default: '', description: 'How the shipment was packed' }, { to: toBody('ShipmentPack') }),
			field({ displayName: 'Telephone', name: 'telephone', type: 'string', default: '' }, { to: toBody('Telephone') }),
		]),
	],
	output: valueAs('saved', 'boolean'),
});
