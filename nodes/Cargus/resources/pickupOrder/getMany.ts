import { field, toQuery } from '../../../shared/form/field';
import { findByField, fromToDates, onlyWhenFoundBy, pickupLocationField } from '../../../shared/form/fields';
import { operation, otherPathWhen } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { limitField, pagingOptionsFor, returnAllField } from '../../../shared/form/listFields';
import { askPageByPage } from '../../../shared/run/pagination';

const BY_DATE = 'date';
const BY_LOCATION = 'location';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many pickup orders',
	subtitle: 'Get pickup orders',
	description: 'Your pickup orders created between two dates, or those of one pickup location that are open or validated, with their status; one item per order',
	method: 'GET',
	url: '/api/Orders',
	ask: askPageByPage,
	isList: true,
	fields: [
		findByField([
			{ name: 'Date', value: BY_DATE, description: 'The orders created between two dates, at any location and in any status' },
			{ name: 'Location and Status', value: BY_LOCATION, description: 'The open or validated orders of one pickup location' },
		]),
		...fromToDates('Orders created from this date', 'Orders created up to this date').map((date) => ({ ...date, ...onlyWhenFoundBy(BY_DATE) })),
		{ ...pickupLocationField('locationId', 'Your pickup location whose orders to list', toQuery('locationId')), ...onlyWhenFoundBy(BY_LOCATION) },
		field(
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Open', value: 0, description: 'Orders still collecting AWBs, not launched yet' },
					{ name: 'Validated', value: 1, description: 'Launched orders: waiting for the courier, being picked up, picked up or failed' },
				],
				default: 0,
				...onlyWhenFoundBy(BY_LOCATION),
			},
			{ to: toQuery('status') },
		),
		returnAllField,
		limitField,
		pagingOptionsFor('orders'),
	],
	preSend: [otherPathWhen('findBy', BY_DATE, '/api/Orders/GetByDate')],
	output: oneItemPerElement,
});
