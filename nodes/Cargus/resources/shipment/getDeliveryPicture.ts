import { toQuery } from '../../../shared/form/field';
import { barcodeField, fileOptions } from '../../../shared/form/fields';
import { BINARY_REQUEST, operation } from '../../../shared/run/operation';
import { sendWithToken } from '../../../shared/transport/send';
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
	send: sendWithToken,
	fields: [barcodeField(toQuery('barCodes')), fileOptions],
	output: deliveryPicture,
});
