import { readFileSync } from 'node:fs';
import path from 'node:path';

import { DirectoryLoader } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { NODE_WORDS, TOOL_DESCRIPTIONS } from '../../nodes/Cargus/toolDescriptions';
import { countyNamed } from '../../nodes/shared/places/counties';
import { cargusToday } from '../../nodes/shared/values/cargusDate';
import { createEngine, type RunOptions } from '../helpers/engine';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

/*
 * What a model gets from each Cargus Tool (issue 63): answers bounded and marked when cut, prices that say their
 * currency, refusals sorted into formats the model fixes and values only the user knows, empty answers that say what
 * they mean, the delivery picture's cases told apart. The tool runs as n8n runs it (cargusTool, the node's routing);
 * the same operation in a workflow keeps its items.
 */

const sandbox = useSandbox();
const TOOL_TYPE = 'n8n-nodes-cargus.cargusTool';
/** What the issue allows one answer of any tool. */
const MAX_ANSWER = 20_000;

beforeEach(async () => {
	await sandbox.control.reset();
});

function runTool(resource: string, operation: string, parameters: INodeParameters, options: RunOptions = {}) {
	const tool = new Cargus();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(tool);
	const engine = createEngine({ credential: sandboxCredential(sandbox.url), nodeTypes: { [TOOL_TYPE]: Object.assign(tool, { customOperations: undefined }) } });
	return runOperation(engine, resource, operation, parameters, { ...options, nodeType: TOOL_TYPE });
}

/** The answer as the model reads it: n8n's tool answer is the items' JSON, as text. */
function answerText(json: IDataObject[]): string {
	return JSON.stringify(json);
}

const fromAi = (key: string, type = 'string') => `={{ $fromAI('${key}', 'the ${key}', '${type}', '') }}`;

describe('Every answer is bounded, and a cut one says so', () => {
	it('Localities without a county: all of Romania in a workflow, a cut list under 20,000 characters as a tool, naming the arguments that narrow it', async () => {
		const workflow = await runOperation(engineFor(sandbox), 'locality', 'getMany', { filters: {} });
		expect(workflow.json.length).toBeGreaterThan(700);
		expect(workflow.json.some((entry) => 'ListCut' in entry)).toBe(false);
		const { json, error } = await runTool('locality', 'getMany', { filters: { countyId: fromAi('county'), postalCode: fromAi('postalCode') } }, { input: [{ county: '' }] });
		expect(error).toBeUndefined();
		expect(answerText(json).length).toBeLessThan(MAX_ANSWER);
		const cut = json[json.length - 1];
		expect(cut).toEqual({ ListCut: true, Shown: json.length - 1, Matching: workflow.json.length, HowToNarrow: expect.stringContaining('call again with `county` or `postalCode`') });
		expect(json.slice(0, -1)).toEqual(workflow.json.slice(0, json.length - 1));
	});

	it.each([['CJ'], ['Cluj'], ['cluj']])('Localities with the county %s answer Cluj\'s localities, as its County ID does', async (county) => {
		const cluj = countyNamed('CJ')!;
		const byId = await runOperation(engineFor(sandbox), 'locality', 'getMany', { filters: { countyId: cluj.id } });
		expect(byId.json.length).toBeGreaterThan(5);
		const { json, error } = await runTool('locality', 'getMany', { filters: { countyId: fromAi('county') } }, { input: [{ county }] });
		expect(error).toBeUndefined();
		expect(json).toEqual(byId.json);
		expect(answerText(json).length).toBeLessThan(MAX_ANSWER);
	});

	it('Localities of a county without login take its code too, in a workflow as well', async () => {
		const cluj = countyNamed('CJ')!;
		const byId = await runOperation(engineFor(sandbox), 'locality', 'getManyWithoutLogin', { countyId: cluj.id });
		const byCode = await runOperation(engineFor(sandbox), 'locality', 'getManyWithoutLogin', { countyId: 'CJ' });
		expect(byCode.error).toBeUndefined();
		expect(byCode.json).toEqual(byId.json);
	});

	it('a county no one has is refused as a value to ask the user about, the closest offered', async () => {
		const { error } = await runTool('locality', 'getMany', { filters: { countyId: fromAi('county') } }, { input: [{ county: 'Atlantis' }] });
		expect(error?.message).toMatch(/^Refused, nothing was sent to Cargus\. `county`: "Atlantis" is not a county Cargus knows: .*Ask the user whether they meant/);
		expect(error?.description).toMatch(/^Ask the user/);
		expect(await requestsSeen(sandbox, 'localities')).toHaveLength(0);
	});

	it('Track of more barcodes than an answer holds is cut, and says how to narrow', async () => {
		const barcodes = (await sandbox.control.shipments()).map((shipment) => shipment.barcode).slice(0, 120);
		const workflow = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: barcodes.join(',') });
		expect(workflow.json).toHaveLength(barcodes.length);
		const { json } = await runTool('shipment', 'track', { barcodes: barcodes.join(',') });
		expect(answerText(json).length).toBeLessThan(MAX_ANSWER);
		expect(json[json.length - 1]).toEqual({ ListCut: true, Shown: json.length - 1, Matching: barcodes.length, HowToNarrow: expect.stringContaining('fewer barcodes') });
	});

	it('an empty list says what it means', async () => {
		const { json, error } = await runTool('shipment', 'getReturning', { day: '2020-01-01' });
		expect(error).toBeUndefined();
		expect(json).toEqual([{ NoneFound: true, Meaning: 'No parcel is coming back to you (the sender) on 2020-01-01: Cargus lists none for that day.' }]);
		expect((await runOperation(engineFor(sandbox), 'shipment', 'getReturning', { day: '2020-01-01' })).json).toEqual([]);
	});
});

describe('Money says its currency and what it includes, as a tool', () => {
	const price = { fromCountyId: 'B', fromLocalityId: 'Bucuresti', toCountyId: 'CJ', toLocalityId: 'Cluj-Napoca', serviceId: 34, parcels: 1, envelopes: 0, totalWeight: 2 };

	it('Calculate Price answers RON, Subtotal before VAT, Tax the VAT and GrandTotal with it; the workflow\'s record is Cargus\' own', async () => {
		const workflow = await runOperation(engineFor(sandbox), 'shipment', 'calculatePrice', price);
		expect(workflow.error).toBeUndefined();
		expect(workflow.json[0]).not.toHaveProperty('Currency');
		const { json, error } = await runTool('shipment', 'calculatePrice', price);
		expect(error).toBeUndefined();
		const [answer] = json as Array<{ Subtotal: number; Tax: number; GrandTotal: number; Currency: string; Amounts: string }>;
		expect(answer).toEqual({ ...workflow.json[0], Currency: 'RON', Amounts: expect.stringContaining('Tax is the VAT') });
		expect(answer.Amounts).toContain('GrandTotal = Subtotal + Tax');
		expect(Math.round((answer.Subtotal + answer.Tax) * 100) / 100).toBe(answer.GrandTotal);
	});

	it('Create\'s ShippingCost comes with its currency', async () => {
		const { json, error } = await runTool('shipment', 'create', { ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: 'money-1' } });
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ ShippingCost: expect.objectContaining({ GrandTotal: expect.any(Number) }), Currency: 'RON', ShippingCostIs: expect.stringContaining('lei (RON)') });
		const workflow = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: 'money-2' } });
		expect(workflow.json[0]).not.toHaveProperty('Currency');
	});
});

describe('Get Returning\'s day, as the model writes it', () => {
	async function returningDay(): Promise<string> {
		const shipments = await sandbox.control.shipments();
		return String(shipments.flatMap((shipment) => shipment.visibleEvents).find((event) => [196, 197, 198].includes(event.EventId))?.Date).slice(0, 10);
	}
	const day = { day: fromAi('day') };

	it('YYYY-MM-DD and dd.mm.yyyy give the same AWBs as the workflow\'s date', async () => {
		const iso = await returningDay();
		const workflow = await runOperation(engineFor(sandbox), 'shipment', 'getReturning', { day: `${iso}T00:00:00` });
		expect(workflow.json.length).toBeGreaterThan(0);
		const [year, month, date] = iso.split('-');
		for (const written of [iso, `${date}.${month}.${year}`]) {
			const { json, error } = await runTool('shipment', 'getReturning', day, { input: [{ day: written }] });
			expect(error).toBeUndefined();
			expect(json).toEqual(workflow.json);
		}
	});

	it.each([['today', 0], ['yesterday', 1], ['Today', 0]])('"%s" is Cargus\' day', async (written, back) => {
		await runTool('shipment', 'getReturning', day, { input: [{ day: written }] });
		const [request] = await requestsSeen(sandbox, 'returningAwbs');
		expect(request.query).toMatchObject({ data: cargusToday().minus({ days: back }).toFormat('yyyy-MM-dd') });
	});

	it.each([['tomorrow'], ['11/29/2026'], ['32.11.2026']])('"%s" is refused with the format and an example, not sending the model to the user', async (written) => {
		const { error } = await runTool('shipment', 'getReturning', day, { input: [{ day: written }] });
		expect(error?.message).toMatch(/^Refused, nothing was sent to Cargus\. `day`: .* is not a day: give a day as YYYY-MM-DD, such as 2026-11-29/);
		expect(error?.description).toMatch(/no need to ask the user/);
		expect(`${error?.message} ${error?.description}`).not.toMatch(/Ask the user/);
		expect(await requestsSeen(sandbox, 'returningAwbs')).toHaveLength(0);
	});

	it('a weight written wrongly is a format too; a missing recipient is the user\'s to give', async () => {
		const create = { ...SMALL_SHIPMENT, recipientName: fromAi('recipientName'), pieces: { piece: [{ type: 1, weight: fromAi('weightKg', 'number') }] } };
		const weight = await runTool('shipment', 'create', create, { input: [{ recipientName: 'Ana Pop', weightKg: 'heavy' }] });
		expect(weight.error?.description).toMatch(/no need to ask the user/);
		const name = await runTool('shipment', 'create', create, { input: [{ recipientName: '', weightKg: 2 }] });
		expect(name.error?.message).toMatch(/^Refused, nothing was sent to Cargus\. `recipientName`: a value is required/);
		expect(name.error?.description).toMatch(/^Ask the user for the value/);
	});
});

describe('The delivery picture, as a tool and in a workflow', () => {
	async function barcodeIn(state: string): Promise<string> {
		const shipment = (await sandbox.control.shipments()).find((entry) => entry.state === state && entry.clientId === 70001);
		if (shipment === undefined) throw new Error(`no shipment of the account is ${state}`);
		return shipment.barcode;
	}
	const barcode = { barcode: fromAi('barcode') };

	it('a delivered AWB: the picture exists, when it was delivered, the file stays with the workflow; no bytes reach the model', async () => {
		const delivered = await barcodeIn('delivered');
		const workflow = await runOperation(engineFor(sandbox), 'shipment', 'getDeliveryPicture', { barcode: delivered });
		expect(workflow.items[0].binary?.data).toBeDefined();
		const { items, json, error } = await runTool('shipment', 'getDeliveryPicture', barcode, { input: [{ barcode: delivered }] });
		expect(error).toBeUndefined();
		expect(items[0].binary).toBeUndefined();
		expect(json).toEqual([{ Barcode: delivered, Found: true, Picture: true, DeliveredAt: expect.any(String), File: { Name: `delivery-${delivered}.png`, Type: 'image/png', Bytes: expect.any(Number) }, Meaning: expect.stringContaining('the picture itself cannot be shown here') }]);
	});

	it('an AWB Cargus does not know, one not delivered yet and one refused are three different answers', async () => {
		const unknown = await runTool('shipment', 'getDeliveryPicture', barcode, { input: [{ barcode: '1234567890' }] });
		expect(unknown.json).toEqual([{ Barcode: '1234567890', Found: false, Picture: false, Meaning: expect.stringContaining('does not know this AWB') }]);
		const inTransit = await runTool('shipment', 'getDeliveryPicture', barcode, { input: [{ barcode: await barcodeIn('in-transit') }] });
		expect(inTransit.json).toEqual([expect.objectContaining({ Found: true, Picture: false, Delivered: false, LatestEvent: expect.objectContaining({ Description: expect.any(String) }), Meaning: expect.stringContaining('Not delivered yet') })]);
		const refused = await runTool('shipment', 'getDeliveryPicture', barcode, { input: [{ barcode: await barcodeIn('refused') }] });
		expect(refused.json).toEqual([expect.objectContaining({ Found: true, Picture: false, Outcome: 'refused', Meaning: expect.stringContaining('no delivery picture will ever come') })]);
	});

	it('a trace that fails leaves the answer as it was: the picture, or no picture without why', async () => {
		const delivered = await barcodeIn('delivered');
		await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 500, count: 5 });
		const { json, error } = await runTool('shipment', 'getDeliveryPicture', barcode, { input: [{ barcode: delivered }] });
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ Barcode: delivered, Picture: true, DeliveredAt: null });
		const unknown = await runOperation(engineFor(sandbox), 'shipment', 'getDeliveryPicture', { barcode: '1234567890' });
		expect(unknown.error?.message).toBe('Cargus has no delivery picture for 1234567890');
	});

	it('in a workflow the three are three different errors', async () => {
		const errorOf = async (code: string) => (await runOperation(engineFor(sandbox), 'shipment', 'getDeliveryPicture', { barcode: code })).error?.message;
		expect(await errorOf('1234567890')).toBe('Cargus does not know the AWB 1234567890');
		const inTransit = await barcodeIn('in-transit');
		expect(await errorOf(inTransit)).toBe(`${inTransit} is not delivered yet: no delivery picture so far`);
		const refused = await barcodeIn('refused');
		expect(await errorOf(refused)).toBe(`${refused} was refused: no delivery picture will come`);
	});
});

describe('What a model reads about each tool', () => {
	const operations = new Cargus().description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((selector) => (selector.options as Array<{ value: string }>).map((option) => `${String(selector.displayOptions?.show?.resource?.[0])}.${option.value}`));

	it.each(operations)('%s has a description of its own, in the model\'s terms (no node settings)', (operation) => {
		const description = TOOL_DESCRIPTIONS[operation];
		expect(description).toEqual(expect.any(String));
		expect(description).not.toMatch(NODE_WORDS);
		expect(description).toMatch(/\bNeeds\b|needs nothing|Needs nothing/i);
	});

	it('the check itself catches a description that speaks of node settings', () => {
		for (const bad of ['unless the tool\'s Simplify is off', 'set the node\'s Settings › On Error to Continue', 'with Return All on', 'one item per locality']) {
			expect(bad).toMatch(NODE_WORDS);
		}
	});

	it('docs/node.md lists every description, word for word', () => {
		const docs = readFileSync(path.join(__dirname, '..', '..', 'docs', 'node.md'), 'utf8');
		for (const operation of operations) expect(docs).toContain(`| \`${operation}\` | ${TOOL_DESCRIPTIONS[operation]} |`);
	});

	it('the tool\'s Description defaults to it, for every operation', () => {
		const fields = new Cargus().description.properties.filter((property) => property.name === 'toolDescription');
		expect(fields.map((field) => `${String(field.displayOptions?.show?.resource?.[0])}.${String(field.displayOptions?.show?.operation?.[0])}`).sort()).toEqual([...operations].sort());
		for (const field of fields) expect(field.default).toBe(TOOL_DESCRIPTIONS[`${String(field.displayOptions?.show?.resource?.[0])}.${String(field.displayOptions?.show?.operation?.[0])}`]);
	});
});
