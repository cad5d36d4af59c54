import { field, toQuery } from '../../shared/field';
import { fromToDates, pickupLocationField } from '../../shared/fields';
import { operation, otherPathWhen } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { limitField, pagingOptionsFor, returnAllField, sendPages } from '../../shared/pagination';

const BY_DATE = 'date';
const BY_LOCATION = 'location';
const onlyWhen = (findBy: string) => ({ displayOptions: { show: { findBy: [findBy] } } });

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many pickup orders',
	subtitle: 'Get pickup orders',
	description: 'Your pickup orders created between two dates, or those of one pickup location that are open or validated, with their status; one item per order',
	method: 'GET',
	url: '/api/Orders',
	send: sendPages,
	isList: true,
	fields: [
		field(
			{
				displayName: 'Find By',
				name: 'findBy',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Date', value: BY_DATE, description: 'The orders created between two dates, at any location and in any status' },
					{ name: 'Location and Status', value: BY_LOCATION, description: 'The open or validated orders of one pickup location' },
				],
				default: BY_DATE,
			},
			{},
		),
		...fromToDates('Orders created from this date', 'Orders created up to this date').map((date) => ({ ...date, ...onlyWhen(BY_DATE) })),
		{ ...pickupLocationField('locationId', 'Your pickup location whose orders to list', toQuery('locationId')), ...onlyWhen(BY_LOCATION) },
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
				...onlyWhen(BY_LOCATION),
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
