import type { INodePropertyOptions } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';

// Every method and path of the service interface (shared/spec/service-interface.md).
const INTERFACE = [
	'POST /api/PickupLocations/PostClickCollect',
	'PUT /api/PickupLocations',
	'POST /api/Orders',
	'GET /api/Orders/GetByOrderId',
	'POST /api/NoAuth/GenerateRwb',
	'GET /api/AwbTrace/GetAwbTraceOneRequest',
	'GET /api/AwbTrace',
	'GET /api/NoAuth/GetAwbTrace',
	'GET /api/AwbStatus/GetAwbSyncStatusByBarCode',
	'GET /api/CashAccount',
	'GET /api/Localities',
	'GET /api/NoAuth/GetLocalities',
	'GET /api/Invoices',
	'GET /api/InvoiceDocuments',
	'GET /api/OrderDocuments/GetByDate',
	'GET /api/PDF/AwbDocuments',
	'GET /api/PDF/InvoiceDocuments',
	'POST /api/CashReceipts',
	'POST /api/Complaints/SaveComplaint',
	'POST /api/LoginUser/Juridic',
];

// Operations beyond the interface (shared/spec/beyond-the-interface.md: Cargus' API document v3 and its shop plugins).
// An operation that picks one of two paths by a field shows its first here (Include Inactive, Find By).
const BEYOND = [
	'GET /api/PickupLocations',
	'GET /api/Counties',
	'GET /api/Streets',
	'GET /api/PudoPoints',
	'PUT /api/Orders',
	'PUT /api/Orders',
	'GET /api/Orders',
	'GET /api/CashAccount/GetByDate',
	'GET /api/CashAccount/GetByDeductionDate',
	'POST /api/Awbs/WithGetAwb',
	'DELETE /api/Awbs',
	'GET /api/Awbs',
	'GET /api/Awbs/GetByDate',
	'GET /api/OrderDocuments',
	'POST /api/ShippingCalculation',
	'GET /api/AwbRetur',
	'GET /api/AwbScan',
	'GET /api/AwbTrace/WithRedirect',
];

function operations(): INodePropertyOptions[] {
	return new Cargus().description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) => property.options as INodePropertyOptions[]);
}

test('each method and path of the interface is exactly one operation of the node, and the others are those beyond it', () => {
	const routes = operations().map((option) => `${String(option.routing?.request?.method)} ${String(option.routing?.request?.url)}`);
	expect([...routes].sort()).toEqual([...INTERFACE, ...BEYOND].sort());
});

test('Pickup Order › Launch and › Cancel are the two actions of PUT /api/Orders', () => {
	const actions = operations()
		.filter((option) => option.routing?.request?.method === 'PUT' && option.routing.request.url === '/api/Orders')
		.map((option) => [option.value, option.routing?.request?.qs?.action]);
	expect(actions.sort()).toEqual([['cancel', 0], ['launch', 1]]);
});

test('every operation has an action and a description for n8n\'s panels and AI agents', () => {
	for (const option of operations()) {
		expect(option.action).toEqual(expect.any(String));
		expect(option.description).toEqual(expect.any(String));
	}
});

test('the node is usable as an AI tool and shows resource and operation as its subtitle', () => {
	const { description } = new Cargus();
	expect(description.usableAsTool).toBeTruthy();
	// n8n builds the tool as { ...description, ...usableAsTool.replacements } (its createAiTools): no empty-output hint there.
	const tool = { ...description, ...(typeof description.usableAsTool === 'object' ? description.usableAsTool.replacements : {}) } as typeof description;
	expect(description.hints).toHaveLength(1);
	expect(tool.hints).toEqual([]);
	expect({ ...tool, hints: description.hints }).toEqual(description);
	expect(description.subtitle).toContain('$parameter["operation"]');
});
