import { fromToDates } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { limitField, returnAllField } from '../../../shared/form/listFields';
import { upToLimit } from '../../../shared/run/listCut';
import { askOnce } from '../../../shared/run/asking';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get cash on delivery of shipments by date',
	subtitle: 'Cash on delivery by date',
	description: 'The cash on delivery of your shipments created between two dates: amount, delivery, and when Cargus paid it back (RepaymentDate, DeductionDate); one item per shipment',
	method: 'GET',
	url: '/api/CashAccount/GetByDate',
	ask: askOnce,
	isList: true,
	fields: [...fromToDates('Shipments created from this date', 'Shipments created up to this date'), returnAllField, limitField],
	output: [oneItemPerElement, upToLimit],
});
