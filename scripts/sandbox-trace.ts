/**
 * Proves that a change to the sandbox left its behaviour alone: `record` sends a few thousand varied requests
 * (every operation, those beyond the interface too, and the control API, JSON and XML, good and bad input, auth failures, faults) to a sandbox
 * with a frozen clock and a fixed seed and saves each request with its full answer; `replay` sends the same
 * requests to the sandbox as it is now and fails unless every answer is byte for byte the same.
 *
 *   npx ts-node --transpile-only scripts/sandbox-trace.ts record /tmp/trace-before.json [--count 2000]
 *   npx ts-node --transpile-only scripts/sandbox-trace.ts replay /tmp/trace-before.json
 *
 * The only things random per run are the tokens (random bytes): each token the sandbox issues is replaced by
 * `<token:N>` (N = the order in which it was issued) in answers, and requests that carry token N send this
 * run's token N. Header `date`, `connection` and `keep-alive` are left out; the request log's `realTime`
 * (wall clock) is replaced by a placeholder. Nothing else is ignored.
 */
import { writeFileSync, readFileSync } from 'node:fs';
import { request } from 'undici';
import { startSandbox } from '../sandbox';

const NOW = '2026-11-20T10:00:00Z';
const SEED = 1;
const KEY = 'sandbox-key';
const IGNORED_HEADERS = new Set(['date', 'connection', 'keep-alive']);

interface TracedRequest {
	method: string;
	path: string;
	headers: Record<string, string>;
	body?: string;
}

interface TracedAnswer {
	status: number;
	headers: Record<string, string>;
	body: string;
	encoding: 'utf8' | 'base64';
	error?: string;
}

interface TraceEntry {
	request: TracedRequest;
	answer: TracedAnswer;
}

class Tokens {
	private readonly issued: string[] = [];

	/** Replaces this run's tokens in a text by their placeholders, learning new ones from login answers. */
	learn(text: string): void {
		const match = /^"([A-Za-z0-9_-]{40,})"$/.exec(text) ?? /<string>([A-Za-z0-9_-]{40,})<\/string>/.exec(text);
		if (match && !this.issued.includes(match[1])) this.issued.push(match[1]);
	}

	hide(text: string): string {
		let out = text;
		this.issued.forEach((token, index) => {
			out = out.split(token).join(`<token:${index}>`);
		});
		return out;
	}

	show(text: string): string {
		const token = (_: string, index: string) => this.issued[Number(index)] ?? `missing-token-${index}`;
		return text.replace(/<token:(\d+)>/g, token).replace(/%3Ctoken%3A(\d+)%3E/g, token);
	}

	latest(): string | undefined {
		return this.issued.length === 0 ? undefined : `<token:${this.issued.length - 1}>`;
	}
}

async function send(url: string, tokens: Tokens, traced: TracedRequest): Promise<TracedAnswer> {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(traced.headers)) headers[name] = tokens.show(value);
	try {
		const response = await request(`${url}${tokens.show(traced.path)}`, {
			method: traced.method as 'GET',
			headers,
			body: traced.body === undefined ? undefined : tokens.show(traced.body),
		});
		const bytes = Buffer.from(await response.body.arrayBuffer());
		const answerHeaders: Record<string, string> = {};
		for (const [name, value] of Object.entries(response.headers)) {
			if (!IGNORED_HEADERS.has(name) && value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
		}
		const contentType = answerHeaders['content-type'] ?? '';
		const binary = contentType.includes('pdf') || bytes.subarray(0, 5).toString('latin1') === '%PDF-';
		if (binary) return { status: response.statusCode, headers: answerHeaders, body: bytes.toString('base64'), encoding: 'base64' };
		const text = bytes.toString('utf8');
		tokens.learn(text);
		const hidden = tokens.hide(text).replace(/"realTime":"[^"]*"/g, '"realTime":"<wall clock>"');
		return { status: response.statusCode, headers: answerHeaders, body: hidden, encoding: 'utf8' };
	} catch (error) {
		const code = (error as { code?: string }).code ?? (error as Error).name;
		return { status: 0, headers: {}, body: '', encoding: 'utf8', error: code };
	}
}

/** Small deterministic generator for the request mix (mulberry32). */
function generator(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
	const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
	return { next, int, pick };
}

type Random = ReturnType<typeof generator>;

interface World {
	barcodes: string[];
	otherBarcodes: string[];
	invoiceIds: number[];
	token: () => string | undefined;
	counter: number;
}

type Make = (random: Random, world: World) => TracedRequest;

const XML = '<?xml version="1.0" encoding="utf-8"?>';

function service(method: string, path: string, random: Random, world: World, options: { query?: object; body?: unknown; xmlBody?: string; auth?: boolean } = {}): TracedRequest {
	const headers: Record<string, string> = {};
	const keyChoice = random.next();
	if (keyChoice < 0.9) headers['ocp-apim-subscription-key'] = KEY;
	else if (keyChoice < 0.93) headers['ocp-apim-subscription-key'] = 'other-key';
	else if (keyChoice < 0.96) headers['ocp-apim-subscription-key'] = 'wrong-key';
	const authChoice = random.next();
	const token = world.token();
	if (options.auth !== false && token) {
		if (authChoice < 0.82) headers.authorization = `Bearer ${token}`;
		else if (authChoice < 0.87) headers.authorization = token;
		else if (authChoice < 0.93) headers.authorization = 'Bearer not-a-token';
	}
	const acceptChoice = random.next();
	if (acceptChoice < 0.2) headers.accept = 'application/xml';
	else if (acceptChoice < 0.25) headers.accept = 'text/xml;q=0.9, application/json;q=0.5';
	else if (acceptChoice < 0.3) headers.accept = 'application/json';
	let body: string | undefined;
	if (options.xmlBody !== undefined) {
		body = options.xmlBody;
		headers['content-type'] = random.next() < 0.5 ? 'application/xml' : 'text/xml';
	} else if (options.body !== undefined) {
		body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
		headers['content-type'] = 'application/json';
	}
	const query = options.query ? new URLSearchParams(options.query as Record<string, string>).toString() : '';
	const casing = random.next() < 0.05 ? path.toUpperCase() : path;
	return { method, path: query ? `${casing}?${query}` : casing, headers, body };
}

function control(method: string, path: string, body?: unknown): TracedRequest {
	return body === undefined
		? { method, path: `/_sandbox${path}`, headers: {} }
		: { method, path: `/_sandbox${path}`, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

const barcodeList = (random: Random, world: World) => {
	const choice = random.next();
	if (choice < 0.5) return random.pick(world.barcodes);
	if (choice < 0.65) return [random.pick(world.barcodes), random.pick(world.otherBarcodes)].join(',');
	if (choice < 0.75) return JSON.stringify([random.pick(world.barcodes), random.pick(world.barcodes)]);
	if (choice < 0.82) return '1099999999';
	if (choice < 0.88) return 'abc';
	if (choice < 0.93) return Array.from({ length: 51 }, (_, i) => String(1090000000 + i)).join(',');
	return `${random.pick(world.barcodes)};${random.pick(world.barcodes)}`;
};

const day = (offset: number) => new Date(Date.parse(NOW) + offset * 86400000).toISOString().slice(0, 10);
const monthDayYear = (offset: number) => day(offset).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2-$3-$1');

const location = (name: string, overrides: Record<string, unknown> = {}) => ({
	Name: name, LocalityId: 150, CountyId: 44, StreetName: 'Strada Lipscani', BuildingNumber: '10',
	ContactPerson: 'Ana Pop', PhoneNumber: '0722000000', Email: 'ana@example.com', MinihubId: 'SGI115195', Active: 1, ...overrides,
});

const SERVICE: Make[] = [
	(r) => service('POST', r.pick(['/api/LoginUser/Juridic', '/api/LoginUser']), r, { barcodes: [], otherBarcodes: [], invoiceIds: [], token: () => undefined, counter: 0 }, {
		body: r.pick([{ UserName: 'sandbox', Password: 'sandbox' }, { UserName: 'SANDBOX', Password: 'sandbox' }, { UserName: 'other', Password: 'other-password' }, { UserName: 'sandbox', Password: 'wrong' }, { UserName: 'sandbox' }, {}, '{"UserName":']),
	}),
	(r, w) => service('POST', '/api/LoginUser/Juridic', r, w, { auth: false, xmlBody: `${XML}<LoginUser><UserName>sandbox</UserName><Password>${r.pick(['sandbox', 'bad'])}</Password></LoginUser>` }),
	(r, w) => service('POST', '/api/PickupLocations/PostClickCollect', r, w, {
		body: r.pick([location(`Punct ${w.counter++}`), location('ECOM TEST'), location(`Punct ${w.counter++}`, { LocalityId: 12345 }), { LocalityId: 150 }, location(`Punct ${w.counter++}`, { MinihubId: 'SGX000000' }), location(`Punct ${w.counter++}`, { Email: 'nope' })]),
	}),
	(r, w) => service('PUT', '/api/PickupLocations', r, w, {
		body: r.pick([{ LocationId: 1005962049, PhoneNumber: `07330000${r.int(10, 99)}`, LocalityName: 'Tunari', CountyId: 27 }, { LocationId: 42, Name: 'Nope' }, { LocationId: 1005962060, Name: 'X' }, { Name: 'no id' }, { LocationId: 1005962050, Name: '' }]),
	}),
	(r, w) => {
		const start = `${day(r.int(-1, 3))}T${String(r.int(8, 14)).padStart(2, '0')}:00:00`;
		const end = `${start.slice(0, 11)}${String(r.int(12, 20)).padStart(2, '0')}:00:00`;
		return service('POST', '/api/Orders', r, w, {
			body: r.pick([
				{ LocationId: 1005962049, Parcels: r.int(0, 4), Envelopes: r.int(0, 2), TotalWeight: r.int(0, 9), PickupStartDate: start, PickupEndDate: end },
				{ LocationId: 1005962060, Parcels: 1, TotalWeight: 2, PickupStartDate: start, PickupEndDate: end },
				{ Parcels: 1 },
				{ LocationId: 1005962049, Parcels: 1, TotalWeight: 2, PickupStartDate: 'tomorrow', PickupEndDate: end },
			]),
		});
	},
	(r, w) => service('POST', '/api/Orders', r, w, {
		xmlBody: `${XML}<Order><LocationId>1005962049</LocationId><Parcels>${r.int(1, 3)}</Parcels><Envelopes>0</Envelopes><TotalWeight>${r.int(1, 8)}</TotalWeight><PickupStartDate>${day(1)}T09:00:00</PickupStartDate><PickupEndDate>${day(1)}T17:00:00</PickupEndDate></Order>`,
	}),
	(r, w) => service('GET', '/api/Orders/GetByOrderId', r, w, { query: { orderId: r.pick(['5500001', '5500002', '5500003', '5500004', '5500005', '5500006', String(5500100 + r.int(0, 30)), 'abc', '1']) } }),
	(r, w) => service('POST', '/api/NoAuth/GenerateRwb', r, w, {
		auth: false,
		body: r.pick([{ Barcode: r.pick(w.barcodes) }, { Barcode: r.pick(w.barcodes), ReturnCodeExpirationDays: r.int(0, 100) }, { Barcode: r.pick(w.otherBarcodes) }, { Barcode: '12' }, {}, { Barcode: r.pick(w.barcodes), SenderLocationId: 7 }]),
	}),
	(r, w) => service('GET', '/api/AwbTrace/GetAwbTraceOneRequest', r, w, { query: { barCode: barcodeList(r, w) } }),
	(r, w) => service('GET', '/api/AwbTrace', r, w, { query: { barCode: barcodeList(r, w) } }),
	(r, w) => service('GET', '/api/NoAuth/GetAwbTrace', r, w, { auth: false, query: { barCode: barcodeList(r, w) } }),
	(r, w) => service('GET', '/api/AwbTrace/WithRedirect', r, w, { query: { barCode: barcodeList(r, w) } }),
	(r, w) => service('GET', '/api/AwbTrace/GetDeltaEvents', r, w, { query: r.pick([{ FromDate: monthDayYear(-r.int(0, 5)), ToDate: monthDayYear(0) }, { FromDate: monthDayYear(0), ToDate: monthDayYear(-1) }, { ToDate: monthDayYear(0) }]) }),
	(r, w) => service('GET', '/api/AwbRetur', r, w, { query: r.pick([{ data: day(-r.int(0, 10)) }, { data: 'x' }, {}]) }),
	(r, w) => service('GET', '/api/AwbStatus/GetAwbSyncStatusByBarCode', r, w, { query: { barCode: r.next() < 0.8 ? r.pick([...w.barcodes, ...w.otherBarcodes]) : barcodeList(r, w) } }),
	(r, w) => service('GET', '/api/CashAccount', r, w, r.next() < 0.4 ? {} : { query: { barCode: barcodeList(r, w) } }),
	(r, w) => service('GET', '/api/Localities', r, w, { query: r.pick([{ countryId: '1' }, { countryId: '1', countyId: String(r.int(1, 50)) }, { countryId: '1', postalCode: r.pick(['077190', '400001', '999999']) }, { countryId: '2' }, {}, { countryId: 'x' }]) }),
	(r, w) => service('GET', '/api/NoAuth/GetLocalities', r, w, { auth: false, query: r.pick([{ countryId: '1', countyId: String(r.int(1, 50)) }, { countryId: '1' }, { countyId: '1' }]) }),
	(r, w) => service('GET', '/api/Invoices', r, w, {
		query: r.pick([
			{ FromDate: day(-r.int(30, 400)), ToDate: day(r.int(-20, 5)), itemsPerPage: String(r.int(1, 60)), pageNumber: String(r.int(1, 4)) },
			{ FromDate: day(-100), ToDate: day(0) },
			{ FromDate: day(0), ToDate: day(-10) },
			{ FromDate: 'x', ToDate: day(0) },
			{ FromDate: day(-30), ToDate: day(0), itemsPerPage: '101' },
			{ ToDate: day(0) },
		]),
	}),
	(r, w) => service('GET', '/api/InvoiceDocuments', r, w, { query: { InvoiceId: r.next() < 0.8 ? String(r.pick(w.invoiceIds)) : r.pick(['1', 'abc']) } }),
	(r, w) => service('GET', '/api/OrderDocuments/GetByDate', r, w, { query: r.pick([{ FromDate: day(-r.int(1, 20)), ToDate: day(1), docType: '0' }, { FromDate: day(-5), ToDate: day(1), docType: '1' }, { FromDate: day(1), ToDate: day(-5), docType: '0' }, { FromDate: day(-5) }]) }),
	(r, w) => {
		const token = w.token();
		const query: Record<string, string> = { barCodes: barcodeList(r, w) };
		if (token && r.next() < 0.9) query.Token = r.next() < 0.9 ? token : 'nope';
		if (r.next() < 0.5) query.format = String(r.int(0, 2));
		if (r.next() < 0.5) query.printMainOnce = String(r.int(0, 3));
		if (r.next() < 0.5) query.printOneAwbPerPage = String(r.int(0, 2));
		return service('GET', '/api/PDF/AwbDocuments', r, w, { auth: false, query });
	},
	(r, w) => {
		const token = w.token();
		const query: Record<string, string> = { InvoiceId: r.next() < 0.8 ? String(r.pick(w.invoiceIds)) : r.pick(['1', 'x']) };
		if (token && r.next() < 0.9) query.Token = token;
		return service('GET', '/api/PDF/InvoiceDocuments', r, w, { auth: false, query });
	},
	(r, w) => service('POST', '/api/CashReceipts', r, w, {
		auth: false,
		body: r.pick([
			{ Date: `${day(0)}T09:00:00`, Operator: 'Ion Popescu', Location: 1005962049, OrderId: 5500001, CashReceipts: [{ ReceiptDate: `${day(0)}T08:30:00`, ReceiptNumber: `CH-${r.int(1, 999)}`, ReceiptOperator: 'Ion Popescu', Amount: r.int(-5, 500), Awb: r.pick(w.barcodes), IdAwb: 1 }] },
			{ Date: `${day(0)}T09:00:00`, Operator: 'Ion', Location: 1005962060, CashReceipts: [] },
			{ CashReceipts: [{ Amount: 'lots' }] },
			{ Date: `${day(0)}T09:00:00`, Operator: 'Ion', Location: 1005962049, CashReceipts: 'x' },
		]),
	}),
	(r, w) => service('POST', '/api/CashReceipts', r, w, {
		auth: false,
		xmlBody: `${XML}<CashReceiptList><Date>${day(0)}T09:00:00</Date><Operator>Ion</Operator><Location>1005962049</Location><CashReceipts><CashReceipt><ReceiptDate>${day(0)}T08:00:00</ReceiptDate><ReceiptNumber>X-${r.int(1, 99)}</ReceiptNumber><ReceiptOperator>Ion</ReceiptOperator><Amount>${r.int(1, 90)}.5</Amount><Awb>${r.pick(w.barcodes)}</Awb><IdAwb>2</IdAwb></CashReceipt></CashReceipts></CashReceiptList>`,
	}),
	(r, w) => service('POST', '/api/Complaints/SaveComplaint', r, w, {
		auth: false,
		body: r.pick([
			{ Shipment: r.pick(w.barcodes), PersonName: 'Maria Ionescu', Email: 'maria@example.com', ComplaintDetails: `Colet ${r.int(1, 99)}`, Telephone: '0722111222' },
			{ Shipment: r.pick(w.barcodes) },
			{ PersonName: 'A', Email: 'nope', ComplaintDetails: 'x' },
			{ Shipment: 'x', PersonName: 'A', Email: 'a@example.com', ComplaintDetails: 'x' },
		]),
	}),
	(r, w) => service('GET', r.pick(['/api/PickupLocations', '/api/PickupLocations/GetForClient', '/api/Countries', '/api/PudoPoints', '/api/PUDO_Get']), r, w, {}),
	(r, w) => service('GET', '/api/Counties', r, w, { query: r.pick([{ countryId: '1' }, { countryId: '2' }, { countryId: 'RO' }, {}]) }),
	(r, w) => service('GET', '/api/Streets', r, w, { query: r.pick([{ localityId: r.pick(['150', '183', '29445916']) }, { localityId: '7' }, { localityId: 'x' }, {}]) }),
	(r, w) => {
		const locationId = r.pick(['0', '1005962049', '1005962050', '1005962051', '1005962060', '7', 'x']);
		const start = `${day(r.int(-1, 2))}T${String(r.int(8, 14)).padStart(2, '0')}:00:00`;
		const end = `${start.slice(0, 11)}${String(r.int(12, 20)).padStart(2, '0')}:00:00`;
		return service('PUT', '/api/Orders', r, w, {
			query: r.pick([{ locationId, action: '1', PickupStartDate: start, PickupEndDate: end }, { locationId, action: '0' }, { locationId, action: '2' }, { locationId, action: '1' }, { action: '0' }]),
		});
	},
	(r, w) => service('GET', '/api/Orders', r, w, {
		query: r.pick([
			{ locationId: r.pick(['0', '1005962049', '1005962050', '1005962060']), status: String(r.int(0, 2)), itemsPerPage: String(r.int(1, 5)), pageNumber: String(r.int(1, 3)) },
			{ locationId: '0' },
			{ status: '1' },
		]),
	}),
	(r, w) => service('GET', '/api/Orders/GetByDate', r, w, {
		query: r.pick([{ FromDate: day(-r.int(0, 10)), ToDate: day(r.int(-1, 1)), itemsPerPage: String(r.int(1, 8)), pageNumber: String(r.int(1, 2)) }, { FromDate: day(1), ToDate: day(0) }, { ToDate: day(0) }]),
	}),
	(r, w) => service('GET', '/api/CashAccount/GetByDate', r, w, { query: r.pick([{ FromDate: day(-r.int(0, 20)), ToDate: day(r.int(-2, 0)) }, { FromDate: day(0), ToDate: day(-3) }, { FromDate: 'x', ToDate: day(0) }]) }),
	(r, w) => service('GET', '/api/CashAccount/GetByDeductionDate', r, w, { query: r.pick([{ DeductionDate: day(-r.int(0, 10)) }, { DeductionDate: 'x' }, {}]) }),
	(r, w) => {
		const recipient = r.pick([
			{ Name: 'Maria Ionescu', PhoneNumber: '0722000000', LocalityId: r.pick([150, 164, 183]) },
			{ Name: 'Ion Pop', PhoneNumber: '0733000000', CountyName: 'Cluj', LocalityName: 'Cluj-Napoca' },
			{ Name: 'Ana', LocalityId: 164 },
			{ Name: 'Ana', PhoneNumber: '1', LocalityId: 999999 },
		]);
		const weight = r.int(0, 40);
		return service('POST', '/api/Awbs', r, w, {
			body: r.pick([
				{ Sender: { LocationId: r.pick([1005962049, 1005962050, 1005962060, 7]) }, Recipient: recipient, Parcels: 1, TotalWeight: weight, ServiceId: r.pick([34, 35, 36, 37, 39]), CashRepayment: r.int(0, 300), CustomString: `#${r.int(1, 9999)}` },
				{ Sender: { LocationId: 1005962049 }, Recipient: recipient, Parcels: 1, Envelopes: r.int(0, 10), TotalWeight: 2, ServiceId: 38, DeliveryPudoPoint: r.pick([0, 1, 114142]) },
				{ Sender: { LocationId: 1005962049 }, Recipient: recipient, Parcels: 2, TotalWeight: 4, ParcelCodes: [{ Code: '0', Type: 1, Weight: 2 }, { Code: '1', Type: r.int(0, 2), Weight: 2 }] },
				{ Recipient: recipient, Parcels: 1, TotalWeight: 1 },
				{ Sender: { LocationId: 1005962049 }, Recipient: recipient, Parcels: 'x' },
			]),
		});
	},
	(r, w) => service(r.pick(['GET', 'DELETE']), '/api/Awbs', r, w, { query: r.pick([{ barCode: r.pick([...w.barcodes, ...w.otherBarcodes]) }, { barCode: r.pick(['1200000001', '1200000002']) }, { barCode: 'x' }, { orderId: String(r.pick([5500100, 5500101, 5500001])) }, {}]) }),
	(r, w) => {
		const us = (offset: number) => { const [y, m, d] = day(offset).split('-'); return `${m}-${d}-${y}`; };
		return service('GET', '/api/Awbs/GetByDate', r, w, {
			query: r.pick([{ FromDate: us(-r.int(0, 20)), ToDate: us(r.int(-1, 1)), itemsPerPage: String(r.int(1, 30)), pageNumber: String(r.int(1, 3)) }, { FromDate: us(1), ToDate: us(0) }, { FromDate: '13-45-2026', ToDate: us(0) }, { ToDate: us(0) }]),
		});
	},
	(r, w) => service('POST', '/api/ShippingCalculation', r, w, {
		body: r.pick([
			{ FromLocalityId: 29445916, ToLocalityId: r.pick([150, 164, 183, 1]), Parcels: r.int(0, 2), Envelopes: r.int(0, 1), TotalWeight: r.int(0, 60), ServiceId: r.pick([34, 35, 39]), DeclaredValue: r.int(0, 500), CashRepayment: r.int(0, 300), PriceTableId: r.pick([1, 2, 3]) },
			{ FromCountyName: 'Ilfov', FromLocalityName: 'Tunari', ToCountyName: 'Cluj', ToLocalityName: 'Cluj-Napoca', Parcels: 1, TotalWeight: 1, OpenPackage: true, SaturdayDelivery: true },
			{ ToLocalityId: 164, Parcels: 1, TotalWeight: 1 },
		]),
	}),
	(r, w) => service('GET', '/api/PriceTables', r, w, {}),
	(r, w) => service(r.pick(['GET', 'DELETE', 'PATCH']), r.pick(['/api/Nothing', '/api/Orders', '/api/Invoices/', '/', '/api/LoginUser']), r, w, {}),
	(r, w) => service('POST', '/api/Orders', r, w, { xmlBody: `${XML}<!DOCTYPE x [<!ENTITY a "b">]><Order><LocationId>&a;</LocationId></Order>` }),
	(r, w) => service('POST', '/api/PickupLocations/PostClickCollect', r, w, { body: '{"Name": "broken' }),
];

const CONTROL: Make[] = [
	() => control('GET', '/accounts'),
	(r, w) => control('GET', `/shipments${r.next() < 0.6 ? `?barcodes=${r.pick(w.barcodes)},${r.pick(w.otherBarcodes)}` : ''}`),
	(r) => control('POST', '/shipments', r.pick([{}, { count: r.int(1, 3), scenario: r.pick(['delivered', 'returned', 'refused', 'in-transit', 'out-for-delivery', 'not-picked-up', 'not-at-home', 'wrong-address', 'delayed', 'random']), parcels: r.pick([1, 1, 3]) }, { count: 2, startAt: '2026-11-19T08:00:00Z', stepMinutes: r.int(1, 300) }, { count: -1 }, { scenario: 'flying' }])),
	(r, w) => control('POST', `/shipments/${r.next() < 0.9 ? r.pick(w.barcodes) : '1'}/refuse`, r.pick([{}, { refusal: r.pick([153, 186, 197]), stepMinutes: r.int(10, 200) }, { at: 'x' }])),
	(r, w) => control('POST', `/shipments/${r.next() < 0.9 ? r.pick(w.barcodes) : '1'}/events`, r.pick([{ EventId: r.pick([70, 10, 11, 5, 21, 6, 110, 186, 197, 212]) }, { EventId: 5, Date: '2026-11-19T12:00:00', visibleAt: '2026-11-20T12:00:00Z' }, { EventId: -1 }, { Date: 'x' }])),
	() => control('GET', '/cash-receipts'),
	() => control('GET', '/complaints'),
	() => control('GET', '/clock'),
	(r) => control('POST', '/clock/advance', r.pick([{ minutes: r.int(1, 90) }, { hours: r.int(1, 12) }, { seconds: 30 }, { days: -1 }, { days: 'x' }])),
	(r) => control('PUT', '/token-lifetime', { seconds: r.pick([60, 3600, 86400, -1]) }),
	(r) => control('PUT', '/settings', { expiredTokenAnswer: r.pick(['401', 'failed-to-authenticate', 'nope']) }),
	(r) => control('PUT', '/settings', { deltaEvents: r.pick(['shipment', 'event', 'nope']) }),
	() => control('GET', '/faults'),
	() => control('DELETE', '/faults'),
	(r) => control('PUT', '/rate-limit', { requestsPerSecond: r.pick([null, 'x']) }),
	(r) => control('GET', `/requests${r.next() < 0.5 ? `?operation=${r.pick(['login', 'invoices', 'trace'])}` : ''}`),
	() => control('DELETE', '/requests'),
	(r) => control('POST', '/faults', r.pick([
		{ operation: 'invoices', kind: 'status', status: 500, count: 1 },
		{ operation: 'traceOneRequest', kind: 'status', status: 429, count: 2 },
		{ path: '/api/CashAccount', kind: 'malformed', count: 1 },
		{ operation: 'localities', kind: 'latency', latencyMs: 5, count: 1 },
		{ operation: 'awbStatus', kind: 'echo', count: 1, format: r.pick(['json', 'html']) },
		{ operation: 'getOrder', kind: 'reset', count: 1 },
		{ operation: 'trace', kind: 'truncated', count: 1 },
		{ kind: 'status', status: 503, probability: 0.3, count: 3 },
		{ kind: 'nope' },
	])),
	() => control('POST', '/faults', '{"kind": '),
];

async function run(url: string, entries: TraceEntry[] | undefined, count: number): Promise<TraceEntry[]> {
	const tokens = new Tokens();
	const out: TraceEntry[] = [];
	if (entries) {
		for (const entry of entries) out.push({ request: entry.request, answer: await send(url, tokens, entry.request) });
		return out;
	}
	const exec = async (traced: TracedRequest) => {
		const answer = await send(url, tokens, traced);
		out.push({ request: traced, answer });
		return answer;
	};
	const shipments = JSON.parse((await exec(control('GET', '/shipments'))).body) as Array<{ barcode: string; clientId: number }>;
	const world: World = {
		barcodes: shipments.filter((s) => s.clientId === 70001).map((s) => s.barcode),
		otherBarcodes: shipments.filter((s) => s.clientId !== 70001).map((s) => s.barcode),
		invoiceIds: [],
		token: () => tokens.latest(),
		counter: 0,
	};
	const random = generator(SEED);
	await exec(service('POST', '/api/LoginUser/Juridic', generator(99), world, { auth: false, body: { UserName: 'sandbox', Password: 'sandbox' } }));
	const invoices = await exec({ method: 'GET', path: `/api/Invoices?FromDate=${day(-400)}&ToDate=${day(1)}&itemsPerPage=100`, headers: { 'ocp-apim-subscription-key': KEY, authorization: `Bearer ${tokens.latest()}` } });
	world.invoiceIds = (JSON.parse(invoices.body) as Array<{ InvoiceId: number }>).map((invoice) => invoice.InvoiceId);
	while (out.length < count) {
		const choice = random.next();
		if (choice < 0.008) {
			await exec(control('POST', '/tokens/expire'));
		} else if (choice < 0.012) {
			await exec(control('POST', '/reset', random.next() < 0.5 ? {} : { seed: SEED }));
		} else if (choice < 0.05) {
			await exec(service('POST', '/api/LoginUser/Juridic', random, world, { auth: false, body: { UserName: 'sandbox', Password: 'sandbox' } }));
		} else if (choice < 0.22) {
			await exec(random.pick(CONTROL)(random, world));
		} else {
			await exec(random.pick(SERVICE)(random, world));
		}
	}
	return out;
}

async function main(): Promise<void> {
	const [mode, file, ...rest] = process.argv.slice(2);
	const countIndex = rest.indexOf('--count');
	const count = countIndex >= 0 ? Number(rest[countIndex + 1]) : 2000;
	if ((mode !== 'record' && mode !== 'replay') || !file) {
		console.error('usage: sandbox-trace.ts record|replay <file.json> [--count 2000]');
		process.exit(2);
	}
	const sandbox = await startSandbox({ port: 0, clockMode: 'frozen', now: NOW, seed: SEED });
	try {
		if (mode === 'record') {
			const trace = await run(sandbox.url, undefined, count);
			writeFileSync(file, JSON.stringify({ now: NOW, seed: SEED, entries: trace }));
			const statuses = new Map<number, number>();
			for (const entry of trace) statuses.set(entry.answer.status, (statuses.get(entry.answer.status) ?? 0) + 1);
			console.log(`recorded ${trace.length} requests to ${file}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
			return;
		}
		const recorded = (JSON.parse(readFileSync(file, 'utf8')) as { entries: TraceEntry[] }).entries;
		const replayed = await run(sandbox.url, recorded, recorded.length);
		let differences = 0;
		recorded.forEach((entry, index) => {
			const before = JSON.stringify(entry.answer);
			const after = JSON.stringify(replayed[index].answer);
			if (before === after) return;
			differences++;
			if (differences <= 10) {
				console.error(`#${index} ${entry.request.method} ${entry.request.path}\n  before: ${before.slice(0, 400)}\n  after:  ${after.slice(0, 400)}`);
			}
		});
		console.log(`replayed ${recorded.length} requests: ${recorded.length - differences} answers identical, ${differences} different`);
		if (differences > 0) process.exitCode = 1;
	} finally {
		await sandbox.stop();
	}
}

void main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
