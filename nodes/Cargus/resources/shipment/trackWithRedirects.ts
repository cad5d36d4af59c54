import { toQuery } from '../../../shared/form/field';
import { barcodeField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { askOnce } from '../../../shared/run/asking';
import { eachElementOfTheAnswer } from './cargusAnswer/cargusAnswer';

export const trackWithRedirects = operation({
	name: 'Track With Redirects',
	value: 'trackWithRedirects',
	action: 'Track a shipment with its redirects',
	subtitle: 'Track with redirects',
	description: 'The journey of one shipment including the AWBs it was redirected to; one item per AWB as Cargus answers it',
	method: 'GET',
	url: '/api/AwbTrace/WithRedirect',
	ask: askOnce,
	fields: [barcodeField(toQuery('barCode'))],
	output: eachElementOfTheAnswer('value'),
	isList: true,
});
