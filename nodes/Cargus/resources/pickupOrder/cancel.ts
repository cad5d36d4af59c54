import { toQuery } from '../../../shared/form/field';
import { pickupLocationField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const cancel = operation({
	name: 'Cancel',
	value: 'cancel',
	action: 'Cancel a location\'s pickup',
	subtitle: 'Cancel pickup',
	description: 'Cancel the latest pickup order of one of your pickup locations that the courier has not started yet; gives the cancelled order\'s ID',
	method: 'PUT',
	url: '/api/Orders',
	request: { qs: { action: 0 } },
	ask: askOnce,
	fields: [pickupLocationField('locationId', 'Your pickup location whose pickup is cancelled', toQuery('locationId'))],
	output: valueAs('OrderId', 'number'),
});
