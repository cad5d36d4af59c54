import { usDay } from '../../../shared/form/awb';
import { toQuery } from '../../../shared/form/field';
import { dateField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { limitField, pagingOptionsFor, returnAllField } from '../../../shared/form/listFields';
import { askPageByPage } from '../../../shared/run/pagination';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many shipments (AWBs)',
	subtitle: 'Get AWBs',
	description: 'The AWBs of your account created from one day to another (the days of the two dates), oldest first, with their status; one item per AWB',
	method: 'GET',
	url: '/api/Awbs/GetByDate',
	ask: askPageByPage,
	isList: true,
	fields: [
		dateField('fromDate', 'From', 'AWBs created from this day', toQuery('FromDate', usDay)),
		dateField('toDate', 'To', 'AWBs created up to this day (the whole day)', toQuery('ToDate', usDay), 'fromDate'),
		returnAllField,
		limitField,
		pagingOptionsFor('AWBs'),
	],
	output: oneItemPerElement,
});
