import { toQuery } from '../../../shared/form/field';
import { barcodeField, fileOptions } from '../../../shared/form/fields';
import { BINARY_REQUEST, operation } from '../../../shared/run/operation';
import { askOnce } from '../../../shared/run/asking';
import { deliveryPicture } from './cargusAnswer/cargusAnswer';
import { pictureOrWhyNot } from './deliveryPicture/whyNoPicture';

export const getDeliveryPicture = operation({
	name: 'Get Delivery Picture',
	value: 'getDeliveryPicture',
	action: 'Get the delivery confirmation picture',
	subtitle: 'Delivery picture',
	description: 'The picture Cargus took as proof of delivery of one shipment, as a file; without one, an error saying why: an AWB Cargus does not know, one not delivered yet, one refused or returned (no picture will come)',
	method: 'GET',
	url: '/api/AwbScan',
	request: BINARY_REQUEST,
	ask: pictureOrWhyNot(askOnce),
	fields: [barcodeField(toQuery('barCodes')), fileOptions],
	output: deliveryPicture,
});
