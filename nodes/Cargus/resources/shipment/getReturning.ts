import { field, toQuery } from '../../../shared/form/field';
import { operation } from '../../../shared/run/operation';
import { askOnce } from '../../../shared/run/asking';
import { eachElementOfTheAnswer } from './cargusAnswer/cargusAnswer';

export const getReturning = operation({
	name: 'Get Returning',
	value: 'getReturning',
	action: 'Get the AWBs returning to you on a day',
	subtitle: 'AWBs returning',
	description: 'The AWBs going back to you (the sender) on a day: refused or undeliverable parcels; one item per AWB as Cargus answers it',
	method: 'GET',
	url: '/api/AwbRetur',
	ask: askOnce,
	// The calendar day of the date as given (its own offset, or the workflow's zone), or today and yesterday at Cargus.
	fields: [field({ displayName: 'Day', name: 'day', type: 'dateTime', default: '', required: true, description: 'The day the AWBs start back to you' }, { rule: 'day', to: toQuery('data') })],
	output: eachElementOfTheAnswer('value'),
	isList: true,
	toolEmpty: (query) => `No parcel is coming back to you (the sender) on ${String(query.data)}: Cargus lists none for that day.`,
});
