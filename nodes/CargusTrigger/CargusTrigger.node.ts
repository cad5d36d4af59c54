import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeProperties,
	type INodeType,
	type NodeConnectionType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { refuseSetting } from '../shared/values/refusal';
import { fetchTestEvent, pollEvent } from './poll';
import { triggerEvents } from './triggerEvents';

/** A trigger's one output. */
const outputs: NodeConnectionType[] = [NodeConnectionTypes.Main];

/** The chosen event's name under the node. */
const subtitle = `={{ ${JSON.stringify(Object.fromEntries(triggerEvents.map((event) => [event.option.value, event.option.name])))}[$parameter["event"]] }}`;

/** Each event's parameters, shown only when it is the one chosen. */
const eventProperties: INodeProperties[] = triggerEvents.flatMap((event) =>
	event.properties.map((property) => ({
		...property,
		displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, event: [event.option.value] } },
	})),
);

export class CargusTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Cargus Trigger',
		name: 'cargusTrigger',
		icon: { light: 'file:cargusTrigger.svg', dark: 'file:cargusTrigger.dark.svg' },
		group: ['trigger'],
		// 2: Watch defaults to the whole account (version 1 workflows keep their lists).
		version: [1, 2],
		defaultVersion: 2,
		subtitle,
		description: 'Ship with Cargus (Romania), and start a workflow when something changes in the account: a tracking event, an invoice, a cash-on-delivery repayment, a pickup order status',
		defaults: { name: 'Cargus Trigger' },
		credentials: [{ name: 'cargusApi', required: true }],
		polling: true,
		inputs: [],
		outputs,
		properties: [
			{
				displayName: 'Trigger On',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: triggerEvents.map((event) => event.option),
				default: 'newTrackingEvent',
				description: 'What on the Cargus account starts the workflow: a new tracking event, invoice, cash-on-delivery repayment or pickup order status',
				hint: 'Each change is emitted once, as one item; the polls run while the workflow is published (n8n 1.x: active)',
			},
			...eventProperties,
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const chosen = this.getNodeParameter('event', triggerEvents[0].option.value) as string;
		const event = triggerEvents.find((candidate) => candidate.option.value === chosen);
		if (event === undefined) throw refuseSetting(this.getNode(), `Unknown event "${chosen}"`, 'Choose an event in Trigger On.');
		if (this.getMode() === 'manual') return await fetchTestEvent.call(this, event);
		return await pollEvent.call(this, event);
	}
}
