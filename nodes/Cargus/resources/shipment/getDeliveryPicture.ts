import { toQuery } from '../../../shared/form/field';
import { barcodeField, fileOptions } from '../../../shared/form/fields';
import { BINARY_REQUEST, operation } from '../../../shared/run/operation';
import { askOnce } from '../../../shared/run/asking';
import { deliveryPicture } from './cargusAnswer/cargusAnswer';

export const getDeliveryPicture = operation({
	name: 'Get Delivery Picture',
	value: 'getDeliveryPicture',
	action: 'Get the delivery confirmation picture',
	subtitle: 'Delivery picture',
	description: 'The picture Cargus took as proof of delivery of one shipment, as a file; an error until the parcel is delivered',
	method: 'GET',
	url: '/api/AwbScan',
	request: BINARY_REQUEST,
	ask: askOnce,
	fields: [barcodeField(toQuery('barCodes')), fileOptions],
	output: deliveryPicture,
});
