import { toQuery } from '../../../shared/form/field';
import { dateField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { limitField, returnAllField } from '../../../shared/form/listFields';
import { upToLimit } from '../../../shared/run/listCut';
import { askOnce } from '../../../shared/run/asking';

export const getRepaid = operation({
	name: 'Get Repaid on Day',
	value: 'getRepaid',
	action: 'Get cash on delivery repaid on a day',
	subtitle: 'Cash on delivery repaid',
	description: 'The cash on delivery Cargus paid back to you on one day (by its DeductionDate), to match against that day\'s bank transfer; one item per shipment',
	method: 'GET',
	url: '/api/CashAccount/GetByDeductionDate',
	ask: askOnce,
	isList: true,
	fields: [dateField('deductionDate', 'Day', 'The day Cargus paid the amounts back (only its date counts)', toQuery('DeductionDate')), returnAllField, limitField],
	output: [oneItemPerElement, upToLimit],
});
