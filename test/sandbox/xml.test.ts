import { XMLParser } from 'fast-xml-parser';
import { modelStateFields, useSandbox } from './support';

const sandbox = useSandbox();

const ITEM_TAGS = new Set(['PackageTrace', 'TraceEvent', 'LocalityResult', 'Invoice', 'AwbCashRecord', 'string']);
// Keeps the text of each element as the sandbox wrote it: Cargus' texts keep their trailing spaces (21's).
const parser = new XMLParser({ parseTagValue: false, trimValues: false, ignoreAttributes: true, ignoreDeclaration: true, isArray: (name, jpath) => ITEM_TAGS.has(name) && String(jpath).includes('.') });

/** JSON values as XML carries them: every primitive as text, null as empty. */
function asText(value: unknown): unknown {
	if (value === null || value === undefined) return '';
	if (Array.isArray(value)) return value.map(asText);
	if (typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, asText(v)]));
	return String(value);
}

/** XML back to plain data: ArrayOfX roots and list wrappers (Event/TraceEvent, Locality/Locality) unwrapped. */
function fromXml(text: string): unknown {
	const parsed = parser.parse(text) as Record<string, unknown>;
	const [rootName] = Object.keys(parsed);
	const unwrap = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(unwrap);
		if (value === null || typeof value !== 'object') return value;
		const entries = Object.entries(value as Record<string, unknown>).map(([key, child]) => {
			if (key === 'Event') return [key, child === '' ? [] : unwrap((child as Record<string, unknown>).TraceEvent)];
			if (key === 'Locality') {
				const inner = (child as Record<string, unknown>).Locality;
				return [key, unwrap(Array.isArray(inner) ? inner : [inner])];
			}
			return [key, unwrap(child)];
		});
		return Object.fromEntries(entries);
	};
	const root = parsed[rootName];
	if (rootName.startsWith('ArrayOf')) return unwrap((root as Record<string, unknown>)[rootName.slice('ArrayOf'.length)] ?? []);
	return unwrap(root);
}

async function both(method: string, path: string, options: Parameters<typeof sandbox.client.call>[2] = {}) {
	const json = await sandbox.client.call(method, path, options);
	const xml = await sandbox.client.call(method, path, { ...options, accept: 'application/xml' });
	return { json, xml };
}

describe('XML responses carry the same data as JSON', () => {
	it('trace in one request: ArrayOfPackageTrace with Event/TraceEvent', async () => {
		const barcodes = (await sandbox.control.shipments()).slice(0, 3).map((s) => s.barcode).join(',');
		const { json, xml } = await both('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: barcodes } });
		expect(xml.status).toBe(200);
		expect(xml.headers['content-type']).toContain('application/xml');
		expect(xml.text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><ArrayOfPackageTrace><PackageTrace><Code>/);
		expect(fromXml(xml.text)).toEqual(asText(json.json));
	});

	it('status by barcode, cash account, pickup order, invoices, localities', async () => {
		const [shipment] = (await sandbox.control.shipments()).filter((s) => s.clientId === 70001 && s.codValue > 0);
		const cases: Array<[string, Record<string, string | number>]> = [
			['/api/AwbStatus/GetAwbSyncStatusByBarCode', { barCode: shipment.barcode }],
			['/api/CashAccount', {}],
			['/api/Orders/GetByOrderId', { orderId: 5500001 }],
			['/api/Invoices', { FromDate: '2026-01-01', ToDate: '2026-11-20' }],
			['/api/Localities', { countryId: 1, countyId: 27 }],
		];
		for (const [path, query] of cases) {
			const { json, xml } = await both('GET', path, { query });
			expect(xml.status).toBe(200);
			expect(fromXml(xml.text)).toEqual(asText(json.json));
		}
	});

	it('primitive answers: <string> for login, <int> for ids, <boolean> for complaints, text/xml when asked', async () => {
		const login = await sandbox.client.call('POST', '/api/LoginUser', { body: { UserName: 'sandbox', Password: 'sandbox' }, accept: 'text/xml', token: null });
		expect(login.headers['content-type']).toContain('text/xml');
		expect(login.text).toMatch(/<string>[^<]+<\/string>$/);
		const order = await sandbox.client.call('POST', '/api/Orders', {
			body: { LocationId: 1005962049, Parcels: 1, TotalWeight: 1, PickupStartDate: '2026-11-21T09:00:00', PickupEndDate: '2026-11-21T12:00:00' },
			accept: 'application/xml',
		});
		expect(order.text).toMatch(/<int>\d+<\/int>$/);
		const complaint = await sandbox.client.call('POST', '/api/Complaints/SaveComplaint', {
			body: { PersonName: 'A', Email: 'a@example.com', ComplaintDetails: 'x' }, accept: 'application/xml',
		});
		expect(complaint.text).toMatch(/<boolean>true<\/boolean>$/);
	});

	it('follows the Accept header\'s preferences', async () => {
		const ask = async (accept: string) => (await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: 5500001 }, accept })).headers['content-type'];
		expect(await ask('application/json, application/xml')).toContain('application/json');
		expect(await ask('application/xml, application/json')).toContain('application/xml');
		expect(await ask('application/xml;q=0.5, application/json')).toContain('application/json');
		expect(await ask('text/xml')).toContain('text/xml');
		expect(await ask('*/*')).toContain('application/json');
	});

	it('error bodies in XML: ModelState and message lists (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const modelState = await sandbox.client.call('GET', '/api/Invoices', { accept: 'application/xml' });
		expect(modelState.status).toBe(400);
		expect(modelState.text).toContain('<Error><Message>The request is invalid.</Message><ModelState><FromDate>');
		const list = await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: 'abc' }, accept: 'application/xml' });
		expect(list.text).toMatch(/<ArrayOfstring><string>[^<]*barCode[^<]*<\/string><\/ArrayOfstring>$/);
	});
});

describe('XML request bodies', () => {
	it('are read like JSON bodies, with the same field names', async () => {
		const xml = '<PickupOrderRequest><LocationId>1005962049</LocationId><Parcels>2</Parcels><Envelopes>0</Envelopes><TotalWeight>3</TotalWeight>' +
			'<PickupStartDate>2026-11-21T09:00:00</PickupStartDate><PickupEndDate>2026-11-21T12:00:00</PickupEndDate></PickupOrderRequest>';
		const result = await sandbox.client.call('POST', '/api/Orders', { rawBody: xml, contentType: 'application/xml' });
		expect(result.status).toBe(200);
		const order = await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: result.json as number } });
		expect(order.json).toMatchObject({ NoParcel: 2, NoEnvelop: 0, TotalWeight: 3 });
	});

	it('read nested lists (CashReceipts/CashReceipt) with text/xml', async () => {
		const receipt = (n: number) => `<CashReceipt><ReceiptDate>2026-11-20T08:00:00</ReceiptDate><ReceiptNumber>R${n}</ReceiptNumber>` +
			`<ReceiptOperator>Ion</ReceiptOperator><Amount>10.5</Amount><Awb>1090000001</Awb><IdAwb>${n}</IdAwb></CashReceipt>`;
		const xml = `<?xml version="1.0"?><CashReceiptList><Date>2026-11-20T09:00:00</Date><Operator>Ion</Operator><Location>1005962049</Location>` +
			`<CashReceipts>${receipt(1)}${receipt(2)}</CashReceipts></CashReceiptList>`;
		const result = await sandbox.client.call('POST', '/api/CashReceipts', { rawBody: xml, contentType: 'text/xml; charset=utf-8' });
		expect(result.status).toBe(200);
		const bad = xml.replace('<Amount>10.5</Amount>', '<Amount>ten</Amount>');
		const refused = await sandbox.client.call('POST', '/api/CashReceipts', { rawBody: bad, contentType: 'application/xml' });
		expect(refused.status).toBe(400);
		expect(modelStateFields(refused.json)).toEqual(['CashReceipts[0].Amount']);
	});

	it('accept DataContract namespaces and prefixes', async () => {
		const xml = '<Account xmlns="http://schemas.datacontract.org/2004/07/Cargus" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
			'<d:UserName xmlns:d="urn:x">sandbox</d:UserName><Password>sandbox</Password></Account>';
		const result = await sandbox.client.call('POST', '/api/LoginUser', { rawBody: xml, contentType: 'application/xml', token: null });
		expect(result.status).toBe(200);
	});

	it('refuse a DTD or entity declarations (no entity expansion)', async () => {
		const xml = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "boom">]><Account><UserName>&x;</UserName><Password>sandbox</Password></Account>';
		const result = await sandbox.client.call('POST', '/api/LoginUser', { rawBody: xml, contentType: 'application/xml', token: null });
		expect(result.status).toBe(409);
		expect(result.text).toContain('DTD');
	});

	it('refuse broken XML with the operation\'s invalid-input status', async () => {
		const result = await sandbox.client.call('POST', '/api/Complaints/SaveComplaint', { rawBody: '<Complaint><PersonName>x</Complaint>', contentType: 'application/xml' });
		expect(result.status).toBe(409);
		const orders = await sandbox.client.call('POST', '/api/Orders', { rawBody: '<a><b></a>', contentType: 'application/xml' });
		expect(orders.status).toBe(400);
	});
});
