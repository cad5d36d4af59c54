import { toQuery } from '../../shared/field';
import { dateField } from '../../shared/fields';
import { dateRange } from '../../shared/input';
import { operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { limitField, pagingOptions, returnAllField, sendPages } from '../../shared/pagination';

const from = dateField('fromDate', 'From', 'Invoices issued from this date', toQuery('FromDate'));
const to = dateField('toDate', 'To', 'Invoices issued up to this date', toQuery('ToDate'));

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many invoices',
	subtitle: 'Get invoices',
	description: 'The invoices Cargus issued you between two dates; one item per invoice',
	method: 'GET',
	url: '/api/Invoices',
	send: sendPages,
	isList: true,
	fields: [from, to, returnAllField, limitField, pagingOptions],
	preSend: [dateRange(from, to)],
	output: oneItemPerElement,
});
