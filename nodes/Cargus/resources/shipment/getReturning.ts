import { DateTime } from 'luxon';

import { toQuery } from '../../../shared/form/field';
import { dateField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { askOnce } from '../../../shared/run/asking';
import { eachElementOfTheAnswer } from './cargusAnswer/cargusAnswer';

/** The calendar day of the date as given (its own offset, or the workflow's zone): yyyy-mm-dd. */
function dayOf(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const date = DateTime.fromISO(value, { setZone: true });
	return date.isValid ? date.toFormat('yyyy-MM-dd') : value;
}

export const getReturning = operation({
	name: 'Get Returning',
	value: 'getReturning',
	action: 'Get the AWBs returning to you on a day',
	subtitle: 'AWBs returning',
	description: 'The AWBs going back to you (the sender) on a day: refused or undeliverable parcels; one item per AWB as Cargus answers it',
	method: 'GET',
	url: '/api/AwbRetur',
	ask: askOnce,
	fields: [dateField('day', 'Day', 'The day the AWBs start back to you', toQuery('data', dayOf))],
	output: eachElementOfTheAnswer('value'),
	isList: true,
});
