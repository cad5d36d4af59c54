import { dateField } from '../../shared/fields';
import { date, dateRange } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { limitField, pagingOptions, returnAllField, sendPages } from '../../shared/pagination';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many invoices',
	description: 'The invoices Cargus issued you between two dates; one item per invoice',
	method: 'GET',
	url: '/api/Invoices',
	send: sendPages,
	preSend: [
		date({ parameter: 'fromDate', label: 'From', to: 'query', property: 'FromDate' }),
		date({ parameter: 'toDate', label: 'To', to: 'query', property: 'ToDate' }),
		dateRange({ parameter: 'fromDate', label: 'From' }, { parameter: 'toDate', label: 'To' }),
	],
	output: oneItemPerElement,
});

export const getManyFields = forOperation('invoice', 'getMany', [
	dateField('fromDate', 'From', 'Invoices issued from this date'),
	dateField('toDate', 'To', 'Invoices issued up to this date'),
	returnAllField,
	limitField,
	pagingOptions,
]);
