import type { INodeProperties } from 'n8n-workflow';

import { field, toQuery } from '../../../shared/form/field';
import { dateField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import type { Asking } from '../../../shared/run/asking';
import { oneItemPerElement } from '../../../shared/run/output';
import { limitField, pagingOptionsFor, returnAllField } from '../../../shared/form/listFields';
import { askPageByPage } from '../../../shared/run/pagination';
import { cargusToday, monthDayYear } from '../../../shared/values/cargusDate';

const BETWEEN = 'between';
const TODAY = 'today';

const createdField: INodeProperties = field(
	{
		displayName: 'Created',
		name: 'created',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'From a Day to Another', value: BETWEEN, description: 'The AWBs created from the day of From to the day of To' },
			{
				name: "Today (by Cargus' Clock)",
				value: TODAY,
				description: "The AWBs created today in Bucharest by Cargus' own clock, read from its answers; n8n's $today may be another day",
			},
		],
		default: BETWEEN,
	},
	{},
);

const onlyBetween = { displayOptions: { show: { created: [BETWEEN] } } };

/** Today's AWBs are asked for Cargus' day; an answer that shows Cargus' clock on another day has them asked again. */
const askCreated: Asking = async function (this, request, credentials) {
	if (this.getNodeParameter('created', BETWEEN) !== TODAY) return await askPageByPage.call(this, request, credentials);
	for (let tries = 1; ; tries++) {
		const today = cargusToday();
		const day = monthDayYear(today);
		const items = await askPageByPage.call(this, { ...request, options: { ...request.options, qs: { ...request.options.qs, FromDate: day, ToDate: day } } }, credentials);
		if (cargusToday() === today || tries === 2) return items;
	}
};

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many shipments (AWBs)',
	subtitle: 'Get AWBs',
	description: "The AWBs of your account created from one day to another (the days of the two dates), or today by Cargus' clock, oldest first, with their status; one item per AWB",
	method: 'GET',
	url: '/api/Awbs/GetByDate',
	ask: askCreated,
	isList: true,
	fields: [
		createdField,
		{ ...dateField('fromDate', 'From', 'AWBs created from this day', toQuery('FromDate', monthDayYear)), ...onlyBetween },
		{ ...dateField('toDate', 'To', 'AWBs created up to this day (the whole day)', toQuery('ToDate', monthDayYear), 'fromDate'), ...onlyBetween },
		returnAllField,
		limitField,
		pagingOptionsFor('AWBs'),
	],
	output: oneItemPerElement,
});
