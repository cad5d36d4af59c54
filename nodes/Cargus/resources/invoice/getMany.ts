import { fromToDates } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { limitField, pagingOptionsFor, returnAllField } from '../../../shared/form/listFields';
import { askPageByPage } from '../../../shared/run/pagination';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many invoices',
	subtitle: 'Get invoices',
	description: 'The invoices Cargus issued you between two dates; one item per invoice',
	method: 'GET',
	url: '/api/Invoices',
	ask: askPageByPage,
	isList: true,
	fields: [...fromToDates('Invoices issued from this date', 'Invoices issued up to this date'), returnAllField, limitField, pagingOptionsFor('invoices')],
	output: oneItemPerElement,
});
