import type { INodeType, INodeTypeDescription, UsableAsToolDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getCounties, getCountyLocalities, getFromLocalities, getLocalities, getRecipientLocalities, getToLocalities } from './methods/loadOptions';
import { getPickupLocations } from './methods/pickupLocations';
import { getPriceTables } from './methods/priceTables';
import { searchDeliveryShipAndGoPoints, searchShipAndGoPoints } from './methods/shipAndGoPoints';
import { getRecipientStreets, getStreets } from './methods/streets';
import { account } from './resources/account';
import { cashOnDelivery } from './resources/cashOnDelivery';
import { cashReceipt } from './resources/cashReceipt';
import { complaint } from './resources/complaint';
import { county } from './resources/county';
import { document } from './resources/document';
import { invoice } from './resources/invoice';
import { locality } from './resources/locality';
import { pickupLocation } from './resources/pickupLocation';
import { pickupOrder } from './resources/pickupOrder';
import { returnAwb } from './resources/returnAwb';
import { shipAndGoPoint } from './resources/shipAndGoPoint';
import { shipment } from './resources/shipment';
import { street } from './resources/street';
import { customOperationsOf, isListCondition, nodeProperties, subtitleOf } from '../shared/run/node';
import { REQUEST_DEFAULTS } from '../shared/run/operationRun';
import { toolDescriptionFields } from './toolDescriptions';
import { REQUEST_OPTIONS } from '../shared/transport/rateLimitOption';

const ONE_MAIN_CONNECTION = [NodeConnectionTypes.Main];

const RESOURCES = [
	account, cashOnDelivery, cashReceipt, complaint, county, document, invoice, locality, pickupLocation, pickupOrder, returnAwb, shipAndGoPoint,
	shipment, street,
];

const EMPTY_OUTPUT_HINT: INodeTypeDescription['hints'] = [
	{
		message: 'When Cargus finds nothing, this node outputs no item and the next nodes do not run. To go on anyway, turn on Always Output Data in the node\'s Settings.',
		type: 'info',
		location: 'outputPane',
		whenToDisplay: 'beforeExecution',
		displayCondition: isListCondition(RESOURCES),
	},
];

// n8n builds the tool (cargusTool) from this description with these parts replaced: a tool answers the agent,
// which reads an empty list as an answer, so the hint about the next nodes not running is not the tool's.
const AS_TOOL = { replacements: { hints: [] } } as UsableAsToolDescription;

export class Cargus implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Cargus',
		name: 'cargus',
		icon: { light: 'file:cargus.svg', dark: 'file:cargus.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: subtitleOf(RESOURCES),
		description: 'Ship with Cargus (Romania): AWBs and their prices, pickups, return AWBs, tracking, Ship & Go points, localities, cash on delivery, invoices and documents',
		defaults: { name: 'Cargus' },
		usableAsTool: AS_TOOL,
		inputs: ONE_MAIN_CONNECTION,
		outputs: ONE_MAIN_CONNECTION,
		credentials: [{ name: 'cargusApi', required: true }],
		// No baseURL: every operation's sender takes it from the credential (send.ts), where an expression
		// here would be evaluated twice for every item.
		requestDefaults: REQUEST_DEFAULTS,
		hints: EMPTY_OUTPUT_HINT,
		properties: [...toolDescriptionFields(RESOURCES), ...nodeProperties(RESOURCES, 'shipment'), REQUEST_OPTIONS],
	};

	// n8n runs these instead of its declarative engine, which would evaluate every parameter of the node for
	// every item (operationRun.ts): the routing above is what they run.
	customOperations = customOperationsOf(RESOURCES);

	methods = {
		loadOptions: {
			getCounties, getCountyLocalities, getFromLocalities, getLocalities, getPickupLocations, getPriceTables, getRecipientLocalities,
			getRecipientStreets, getStreets, getToLocalities,
		},
		listSearch: { searchDeliveryShipAndGoPoints, searchShipAndGoPoints },
	};
}
