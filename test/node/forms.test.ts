/**
 * What a shop owner sees in the node's forms: required fields that look required, defaults that make sense,
 * a readable subtitle, and words of the user rather than of the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { INode, INodeParameters, INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { CargusApi } from '../../credentials/CargusApi.credentials';
import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { CargusTrigger } from '../../nodes/CargusTrigger/CargusTrigger.node';
import { CARGUS_NODE_TYPE, nodeTypesOf } from '../helpers/engine';

const ROOT = path.join(__dirname, '..', '..');
const cargus = new Cargus();
const { properties } = cargus.description;

interface Operation {
	resource: string;
	operation: string;
	option: INodePropertyOptions;
}

const OPERATIONS: Operation[] = properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) =>
		(property.options as INodePropertyOptions[]).map((option) => ({
			resource: String(property.displayOptions?.show?.resource?.[0]),
			operation: String(option.value),
			option,
		})),
	);

// What each operation cannot do without (the interface's required inputs, and the pickup location of an order).
const REQUIRED: Record<string, string[]> = {
	'account.logIn': [],
	'cashOnDelivery.getMany': ['fromDate', 'toDate'],
	'cashOnDelivery.getRepaid': ['deductionDate'],
	'county.getMany': ['countryId'],
	'pickupLocation.getMany': [],
	'pickupOrder.cancel': ['locationId'],
	// By date or by location: each is shown for its Find By only.
	'pickupOrder.getMany': ['fromDate', 'toDate', 'locationId'],
	'pickupOrder.launch': ['locationId', 'pickupStartDate', 'pickupEndDate'],
	'shipAndGoPoint.getMany': [],
	'street.getMany': ['localityId'],
	'cashReceipt.createList': ['date', 'operator', 'location'],
	'complaint.save': ['personName', 'email', 'complaintDetails'],
	'document.getAwbPdf': ['barcodes'],
	'document.getOrderDocuments': ['fromDate', 'toDate', 'docType'],
	'document.getPickupOrderSummary': ['orderId'],
	'invoice.getDocument': ['invoiceId'],
	'invoice.getMany': ['fromDate', 'toDate'],
	'invoice.getPdf': ['invoiceId'],
	'locality.getMany': ['countryId'],
	'locality.getManyWithoutLogin': ['countryId', 'countyId'],
	'pickupLocation.createCollectionPoint': ['minihubId'],
	'pickupLocation.update': ['locationId'],
	'pickupOrder.get': ['orderId'],
	'pickupOrder.send': ['locationId', 'pickupStartDate', 'pickupEndDate', 'parcels', 'totalWeight'],
	'returnAwb.create': ['barcode'],
	'shipment.calculatePrice': ['fromCountyId', 'fromLocalityId', 'fromLocationId', 'toCountyId', 'toLocalityId', 'serviceId', 'parcels', 'totalWeight'],
	// The Ship & Go point only for service 38, the recipient's county and locality for the others.
	'shipment.create': ['senderLocationId', 'serviceId', 'deliveryPudoPoint', 'recipientName', 'recipientPhone', 'recipientCountyId', 'recipientLocalityId'],
	'shipment.delete': ['barcode'],
	// By barcode or by pickup order: each is shown for its Find By only.
	'shipment.get': ['barcode', 'orderId'],
	'shipment.getDeliveryPicture': ['barcode'],
	'shipment.getMany': ['fromDate', 'toDate'],
	'shipment.getReturning': ['day'],
	'shipment.getCashOnDelivery': [],
	'shipment.getStatus': ['barcode'],
	'shipment.track': ['barcodes'],
	'shipment.trackWithoutLogin': ['barcode'],
	'shipment.trackWithRedirects': ['barcode'],
	'shipment.trackWithStatus': ['barcodes'],
};

function shownFor({ resource, operation }: Operation): INodeProperties[] {
	return properties.filter((property) => {
		const show = property.displayOptions?.show ?? {};
		const onWorkflowNode = (show['@tool'] ?? [false]).includes(false);
		return onWorkflowNode && (show.resource ?? [resource]).includes(resource) && (show.operation ?? [operation]).includes(operation);
	});
}

/** Every field, also those inside collections and fixed collections, with its path. */
function allFields(fields: INodeProperties[], prefix = ''): Array<{ path: string; field: INodeProperties; nested: boolean }> {
	return fields.flatMap((field) => {
		const here = { path: `${prefix}${field.name}`, field, nested: prefix !== '' };
		const children = (field.options ?? []).flatMap((option) => {
			if ('values' in option) return allFields((option as INodePropertyCollection).values, `${prefix}${field.name}.${option.name}.`);
			if ('type' in option) return allFields([option as INodeProperties], `${prefix}${field.name}.`);
			return [];
		});
		return [here, ...children];
	});
}

function evaluate(expression: string, parameters: INodeParameters): unknown {
	const node: INode = { id: 'n', name: 'Cargus', type: CARGUS_NODE_TYPE, typeVersion: 1, position: [0, 0], parameters };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesOf({ [CARGUS_NODE_TYPE]: cargus }) });
	return workflow.expression.getSimpleParameterValue(node, expression, 'internal', {});
}

/** The node's parameters as the editor holds them for a new node of this operation: every default filled in. */
function parametersOf({ resource, operation }: Operation): INodeParameters {
	return NodeHelpers.getNodeParameters(properties, { resource, operation }, true, false, null, null) ?? {};
}

describe('required fields', () => {
	it.each(OPERATIONS.map((op) => [`${op.resource} › ${op.operation}`, op] as const))(
		'%s has its required fields at the top level, marked required',
		(key, op) => {
			const shown = shownFor(op);
			const required = shown.filter((field) => field.required).map((field) => field.name);
			expect(required.sort()).toEqual([...REQUIRED[key.replace(' › ', '.')]].sort());
		},
	);

	it('no required field starts at 0 or at a made-up value: n8n flags the empty ones', () => {
		const offenders = allFields(properties)
			.filter(({ field }) => field.required && field.type === 'number' && field.default === 0)
			.map(({ path }) => path);
		expect(offenders).toEqual([]);
	});

	it('IDs the user types are text fields that start empty, so n8n shows "required" until one is given', () => {
		const ids = allFields(properties).filter(({ field }) => /\bID$/.test(field.displayName) && !field.displayName.endsWith('Name or ID'));
		expect(ids.length).toBeGreaterThan(5);
		for (const { path, field } of ids) expect([path, field.type, field.default]).toEqual([path, 'string', '']);
	});

	it('optional fields (collections) hold nothing required and no ID that would be sent as 0', () => {
		// Each entry of a list (a cash receipt, a piece of a shipment) has its own required fields.
		const nested = allFields(properties).filter(({ nested, path }) => nested && !path.startsWith('receipts.') && !path.startsWith('pieces.'));
		expect(nested.filter(({ field }) => field.required).map(({ path }) => path)).toEqual([]);
		expect(nested.filter(({ field }) => field.type === 'number' && field.default === 0).map(({ path }) => path)).toEqual([]);
	});

	it('Pickup Order › Send asks for the pickup location first, outside the address', () => {
		const shown = shownFor({ resource: 'pickupOrder', operation: 'send', option: {} as INodePropertyOptions });
		expect(shown.find((field) => !['resource', 'operation'].includes(field.name))?.name).toBe('locationId');
		const address = shown.find((field) => field.name === 'address');
		expect((address?.options as INodeProperties[]).map((field) => field.name)).not.toContain('LocationId');
	});
});

describe('lookups instead of raw numbers', () => {
	const field = (path: string) => allFields(properties).find((candidate) => candidate.path === path)?.field;

	it.each(['address.CountyId', 'countyId', 'filters.countyId'])('%s is chosen from the counties', (fieldPath) => {
		expect(field(fieldPath)).toMatchObject({ type: 'options', typeOptions: { loadOptionsMethod: 'getCounties' } });
	});

	it('Locality is chosen from the chosen county\'s localities', () => {
		expect(field('address.LocalityId')).toMatchObject({
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getLocalities', loadOptionsDependsOn: ['address.CountyId'] },
		});
	});

	it('every pickup location of the account is chosen from its list, and still takes an ID from an expression', () => {
		const locations = allFields(properties).filter(({ field }) => /location/i.test(field.displayName) && /\bID\b/.test(field.displayName));
		expect([...new Set(locations.map(({ path }) => path))].sort()).toEqual(['additionalFields.senderLocationId', 'fromLocationId', 'location', 'locationId', 'senderLocationId']);
		expect(locations).toHaveLength(9);
		for (const { path, field } of locations) {
			expect([path, field.type, field.typeOptions?.loadOptionsMethod, field.displayName]).toEqual([path, 'options', 'getPickupLocations', expect.stringMatching(/Name or ID$/)]);
			expect(field.description).toMatch(/specify an ID using an <a href=.*expression/);
		}
	});

	it('an address\'s Street is chosen from the chosen locality\'s streets', () => {
		expect(field('address.StreetId')).toMatchObject({
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getStreets', loadOptionsDependsOn: ['address.LocalityId'] },
		});
	});

	it('Street › Get Many chooses the locality from the chosen county\'s localities', () => {
		expect(field('localityId')).toMatchObject({ type: 'options', typeOptions: { loadOptionsMethod: 'getCountyLocalities', loadOptionsDependsOn: ['countyId'] } });
	});

	it.each(['address.CountryId', 'countryId'])('%s offers Romania', (fieldPath) => {
		expect(field(fieldPath)).toMatchObject({ type: 'options', options: [{ name: 'Romania', value: 1 }], default: 1 });
	});

	it('Document Type and the print options are dropdowns', () => {
		expect(field('docType')).toMatchObject({ type: 'options', options: [expect.objectContaining({ name: 'Summary of Orders', value: 0 })] });
		expect(field('printOptions.format')?.type).toBe('options');
		expect(field('printOptions.printMainOnce')?.type).toBe('options');
	});

	it('Automatic End of Day explains its format', () => {
		expect(field('additionalFields.automaticEod')).toMatchObject({ placeholder: '17:30', description: expect.stringContaining('HH:MM') });
	});

	it('one postal code field, saying what to fill in', () => {
		const address = field('address')?.options as INodeProperties[];
		expect(address.filter((option) => /postal/i.test(option.displayName)).map((option) => option.displayName)).toEqual(['Postal Code']);
	});

	it('no field or action speaks of "the service\'s" fields or endpoints', () => {
		const texts = [
			...allFields(properties).flatMap(({ field }) => [field.displayName, field.description ?? '', field.hint ?? '']),
			...OPERATIONS.flatMap(({ option }) => [option.name, option.action ?? '', option.description ?? '']),
		];
		expect(texts.filter((text) => /service's|endpoint|\(HTTP 204\)|base64/i.test(text))).toEqual([]);
	});
});

describe('defaults, subtitle and search', () => {
	it('a new node opens on Shipment › Track; Invoice opens on Get Many', () => {
		expect(parametersOf({ resource: 'shipment', operation: 'track' } as Operation)).toMatchObject({ resource: 'shipment' });
		const defaultOf = (resource: string) =>
			properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.[0] === resource)?.default;
		expect(properties.find((property) => property.name === 'resource')?.default).toBe('shipment');
		expect(defaultOf('shipment')).toBe('track');
		expect(defaultOf('invoice')).toBe('getMany');
	});

	it.each(OPERATIONS.map((op) => [`${op.resource} › ${op.operation}`, op] as const))('the subtitle of %s is short and readable', (_key, op) => {
		const subtitle = evaluate(String(cargus.description.subtitle), parametersOf(op));
		expect(typeof subtitle).toBe('string');
		expect(String(subtitle).length).toBeGreaterThan(3);
		expect(String(subtitle).length).toBeLessThanOrEqual(24);
		expect(String(subtitle)).not.toMatch(/[a-z][A-Z]|undefined/);
	});

	it('the hint about empty results shows only on list operations', () => {
		const [hint] = cargus.description.hints ?? [];
		const shownOn = OPERATIONS.filter((op) => evaluate(String(hint.displayCondition), parametersOf(op)) === true).map(
			(op) => `${op.resource}.${op.operation}`,
		);
		expect(shownOn.sort()).toEqual([
			'cashOnDelivery.getMany',
			'cashOnDelivery.getRepaid',
			'county.getMany',
			'document.getOrderDocuments',
			'invoice.getMany',
			'locality.getMany',
			'locality.getManyWithoutLogin',
			'pickupLocation.getMany',
			'pickupOrder.getMany',
			'shipAndGoPoint.getMany',
			'shipment.getCashOnDelivery',
			'shipment.getMany',
			'shipment.getReturning',
			'shipment.trackWithRedirects',
			'street.getMany',
		]);
		expect(hint.message).not.toMatch(/HTTP|204/);
	});

	it('the nodes panel finds Cargus by the words shop owners search for, in English and Romanian', () => {
		const codex = JSON.parse(fs.readFileSync(path.join(ROOT, 'nodes', 'Cargus', 'Cargus.node.json'), 'utf8')) as { alias: string[] };
		const aliases = codex.alias.map((alias) => alias.toLowerCase());
		for (const word of ['shipment', 'parcel', 'delivery', 'tracking', 'awb', 'courier', 'colet', 'livrare', 'curier', 'waybill', 'shipping label', 'cargus label']) {
			expect(aliases).toContain(word);
		}
	});

	it('Track and Track With Status offer Simplify, on for new nodes', () => {
		for (const operation of ['track', 'trackWithStatus']) {
			expect(parametersOf({ resource: 'shipment', operation } as Operation).simplify).toBe(true);
		}
	});

	it('Account › Log In says what the token is for and that it is a secret', () => {
		const logIn = OPERATIONS.find((op) => op.operation === 'logIn')!;
		expect(logIn.option.description).toMatch(/HTTP Request/);
		const notice = shownFor(logIn).find((field) => field.type === 'notice');
		expect(notice?.displayName).toMatch(/secret/);
	});

	it('the two invoice files say how they differ', () => {
		const [document, pdf] = ['getDocument', 'getPdf'].map((value) => OPERATIONS.find((op) => op.resource === 'invoice' && op.operation === value)!.option);
		expect(document.action).not.toBe(pdf.action);
		expect(document.description).toMatch(/print/);
		expect(pdf.description).toMatch(/stored PDF/);
	});
});

describe('credential and trigger', () => {
	it('the credential offers Production, Cargus Test Host and Custom Base URL, and the login by account type', () => {
		const credential = new CargusApi();
		const environment = credential.properties.find((property) => property.name === 'environment');
		expect((environment?.options as INodePropertyOptions[]).map((option) => option.name)).toEqual(['Production', 'Cargus Test Host', 'Custom Base URL']);
		const login = credential.properties.find((property) => property.name === 'loginEndpoint');
		expect(login?.displayName).toBe('Account Type');
		const texts = (login?.options as INodePropertyOptions[]).flatMap((option) => [option.name, option.description ?? '']);
		expect(texts.join(' ')).not.toMatch(/POST|\/api\//);
		expect(JSON.stringify(credential.properties)).not.toMatch(/npm run/);
	});

	it('the trigger says "Add Option" and shows the plain Cargus mark', () => {
		const trigger = new CargusTrigger().description;
		const collections = trigger.properties.filter((property) => property.type === 'collection');
		// One Options collection per event.
		expect(collections.length).toBeGreaterThan(0);
		expect(new Set(collections.map((property) => property.placeholder))).toEqual(new Set(['Add Option']));
		const read = (...parts: string[]) => fs.readFileSync(path.join(ROOT, 'nodes', ...parts), 'utf8');
		expect(read('CargusTrigger', 'cargusTrigger.svg')).toBe(read('Cargus', 'cargus.svg'));
		expect(read('CargusTrigger', 'cargusTrigger.dark.svg')).toBe(read('Cargus', 'cargus.dark.svg'));
	});
});
