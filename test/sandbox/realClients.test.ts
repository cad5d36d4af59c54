import { PDFDocument } from 'pdf-lib';

import { DEFAULT_ACCOUNT } from '../../sandbox';
import { MagentoClient, OpenCartClient, phpBase64Decode } from './phpClient';
import { useSandbox } from './support';

/*
 * The shop plugins that run against the real Cargus today, replayed against the sandbox call by call with their own
 * request shapes and their own reading of each answer (the project's real-clients.md; the plugins' files named at
 * each call). OpenCart's whole flow first, then where PrestaShop and Magento send otherwise. A call passes when the
 * plugin would read from the answer what it reads from Cargus'.
 */

const sandbox = useSandbox();

type Row = Record<string, unknown>;
const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * The shop's settings and data as OpenCart keeps them: its database hands every value back as a string. Its pickup
 * location: "Magazin Cluj", which has no order yet (the seeded ones are at ECOM TEST and Depozit Bucuresti).
 */
const SHOP = { pickup: '1005962051', zoneCode: 'CJ', city: 'Cluj-Napoca', priceTable: '0', serviceId: '0' };

/** OpenCart's AWB body (`cargus_comanda.php`, `validateAwb`) for one order row of its `awb_cargus` table. */
function openCartAwb(orderId: string, parcels: number, envelopes: number, pickup = SHOP.pickup) {
	return {
		Sender: { LocationId: pickup },
		Recipient: {
			LocationId: null, Name: 'Maria Ionescu', CountyId: null, CountyName: SHOP.zoneCode, LocalityId: null, LocalityName: SHOP.city,
			StreetId: null, StreetName: '-', AddressText: 'Strada Memorandumului 1', ContactPerson: 'Maria Ionescu', PhoneNumber: '0722000000',
			Email: 'maria@example.com', CodPostal: '400114',
		},
		Parcels: String(parcels), Envelopes: String(envelopes), TotalWeight: '3', DeclaredValue: '0', CashRepayment: '149.9', BankRepayment: '0',
		OtherRepayment: '', PriceTableId: SHOP.priceTable, OpenPackage: false, ShipmentPayer: '1', MorningDelivery: false, SaturdayDelivery: false,
		Observations: '', PackageContent: 'Tricouri', CustomString: orderId, ConsumerReturnType: 0, ReturnCodeExpirationDays: null,
		ParcelCodes: [
			...Array.from({ length: parcels }, (_, index) => ({ Code: `C${index + 1}`, Type: 1, Weight: 1, Length: 20, Width: 20, Height: 10 })),
			...Array.from({ length: envelopes }, (_, index) => ({ Code: `P${index + 1}`, Type: 0 })),
		],
		ServiceId: Number(SHOP.serviceId),
	};
}

describe('OpenCart\'s whole flow (IP-CAM/Cargus-Shipping-Extension-for-Opencart-v.3.x), call by call', () => {
	let oc: OpenCartClient;
	const flow = { token: '', location: {} as Row, countyId: 0, barcode: '', invalidated: '', orderId: 0 };

	beforeAll(() => {
		oc = new OpenCartClient(sandbox.sandbox.url, DEFAULT_ACCOUNT.subscriptionKey);
	});

	it('1. POST LoginUser {UserName, Password}: the token, read as a string', async () => {
		const { value } = await oc.callMethod('LoginUser', { UserName: DEFAULT_ACCOUNT.username, Password: DEFAULT_ACCOUNT.password }, 'POST', 'useException');
		expect(typeof value).toBe('string');
		flow.token = value as string;
		expect(flow.token.length).toBeGreaterThan(0);
	});

	it('2. GET PickupLocations: a list, its LocationId and LocalityId read (cargus_comanda.php, catalog model cargus.php)', async () => {
		const { value } = await oc.callMethod('PickupLocations', [], 'GET', flow.token);
		const pickups = Object.fromEntries(rows(value).map((pick) => [String(pick.LocationId), pick]));
		flow.location = pickups[SHOP.pickup];
		expect(flow.location).toBeDefined();
		expect(typeof flow.location.LocalityId).toBe('number');
	});

	it('3. GET Counties?countryId=1: the shop\'s zone code matched to Abbreviation gives the CountyId (cargus_edit.php)', async () => {
		const { value } = await oc.callMethod('Counties?countryId=1', [], 'GET', flow.token);
		const judete = Object.fromEntries(rows(value).map((county) => [String(county.Abbreviation).toLowerCase(), county.CountyId]));
		flow.countyId = judete[SHOP.zoneCode.toLowerCase()] as number;
		expect(flow.countyId).toBe(15);
	});

	it('4. GET Localities?countryId=1&countyId=…: a flat list of localities, each row\'s Name, LocalityId, PostalCode, ExtraKm and InNetwork read (module/cargus.php localitati())', async () => {
		const { value } = await oc.callMethod(`Localities?countryId=1&countyId=${flow.countyId}`, [], 'GET', flow.token);
		const options = rows(value).map((row) => ({ name: row.Name, zip: row.PostalCode, cid: row.LocalityId, km: row.InNetwork ? 0 : (row.ExtraKm || 0) }));
		expect(options.length).toBeGreaterThan(0);
		expect(options.every((option) => typeof option.name === 'string' && typeof option.cid === 'number' && typeof option.zip === 'string' && typeof option.km === 'number')).toBe(true);
		expect(options.some((option) => String(option.name).trim().toLowerCase() === SHOP.city.toLowerCase())).toBe(true);
	});

	it('5. GET PudoPoints: the Ship & Go points written out for the checkout\'s map (module/cargus_ship.php)', async () => {
		const { value } = await oc.callMethod('PudoPoints', [], 'GET', flow.token);
		expect(rows(value).length).toBeGreaterThan(0);
		expect(rows(value).every((point) => typeof point.Id === 'number' && typeof point.Name === 'string' && typeof point.Latitude === 'number')).toBe(true);
	});

	it('6. POST ShippingCalculation with ToCountyName the zone code and ToLocalityName the city as typed: GrandTotal, Subtotal, ExtraKmCost read (catalog model cargus.php)', async () => {
		const { value } = await oc.callMethod('ShippingCalculation', {
			FromLocalityId: flow.location.LocalityId, ToCountyName: SHOP.zoneCode, ToLocalityName: SHOP.city, Parcels: 1, Envelopes: 0, TotalWeight: 3,
			DeclaredValue: 0, CashRepayment: 149.9, BankRepayment: 0, PriceTableID: SHOP.priceTable, OtherRepayment: '', PaymentInstrumentId: 0,
			PaymentInstrumentValue: 0, OpenPackage: false, SaturdayDelivery: false, MorningDelivery: false, ShipmentPayer: 1, ServiceId: 0,
		}, 'POST', flow.token);
		const calculate = value as Row;
		expect(calculate).not.toHaveProperty('Error');
		expect(calculate).not.toHaveProperty('error');
		expect(typeof calculate.GrandTotal).toBe('number');
		expect(typeof calculate.Subtotal).toBe('number');
		expect(typeof calculate.ExtraKmCost).toBe('number');
	});

	it('7. POST Awbs/WithGetAwb by names, envelopes {Code: "P1", Type: 0} without Weight, PriceTableId 0, ServiceId 0: [0].BarCode, ReturnCode, ReturnAwb read (cargus_comanda.php validateAwb)', async () => {
		for (const [orderId, parcels, envelopes] of [['1042', 1, 1], ['1043', 1, 0]] as const) {
			const { value } = await oc.callMethod('Awbs/WithGetAwb', openCartAwb(orderId, parcels, envelopes), 'POST', flow.token);
			expect(value).not.toHaveProperty('error');
			const [created] = rows(value);
			expect(String(created?.BarCode ?? '')).toMatch(/^\d+$/);
			expect(created).toHaveProperty('ReturnCode');
			expect(created).toHaveProperty('ReturnAwb');
			if (orderId === '1042') flow.barcode = String(created.BarCode);
			else flow.invalidated = String(created.BarCode);
		}
	});

	it('8a. GET Awbs?&barCode=…: one record, its sender, recipient, pieces, amounts and Status read (cargus_istoric.php, cargus_istoric.twig)', async () => {
		const { value } = await oc.callMethod(`Awbs?&barCode=${flow.barcode}`, [], 'GET', flow.token);
		expect(rows(value)).toHaveLength(1);
		const [detail] = rows(value);
		// The twig shows '-' for a field that is absent or empty: what must be there is what the shop looks for.
		const sender = detail.Sender as Row;
		const recipient = detail.Recipient as Row;
		expect(sender).toMatchObject({ Name: flow.location.Name, LocalityName: flow.location.LocalityName, CountyName: flow.location.CountyName });
		expect(recipient).toMatchObject({ Name: 'Maria Ionescu', CountyName: 'Cluj', LocalityName: expect.stringMatching(/^cluj-napoca$/i), AddressText: 'Strada Memorandumului 1' });
		expect(detail).toMatchObject({ BarCode: flow.barcode, Envelopes: 1, Parcels: 1, TotalWeight: 3, CustomString: '1042' });
		expect(typeof detail.Status).toBe('string');
	});

	it('8b. DELETE Awbs?barCode=…: the AWB invalidated (cargus_comanda.php, validated_invalidate)', async () => {
		const answer = await oc.callMethod(`Awbs?barCode=${flow.invalidated}`, [], 'DELETE', flow.token);
		expect(answer).toEqual({ status: 200, value: true });
	});

	it('9. GET AwbDocuments?type=PDF&format=0&barCodes=[…]&printReturn=0: the label as base64 in a JSON string, base64_decode\'d (print_awbs)', async () => {
		const { value } = await oc.callMethod(`AwbDocuments?type=PDF&format=0&barCodes=[${flow.barcode}]&printReturn=0`, [], 'GET', flow.token);
		expect(typeof value).toBe('string');
		expect(isPdf(phpBase64Decode(value))).toBe(true);
	});

	it('10. GET Orders?locationId=…&status=0&pageNumber=1&itemsPerPage=1000 (one object or a list), then Awbs?&orderId=…: the open order\'s AWBs, the Deleted one skipped', async () => {
		const { value: orders } = await oc.callMethod(`Orders?locationId=${SHOP.pickup}&status=0&pageNumber=1&itemsPerPage=1000`, [], 'GET', flow.token);
		expect(orders).not.toBeNull();
		const open = orders as Row & Row[];
		flow.orderId = Number(open.OrderId !== undefined ? open.OrderId : open[0].OrderId);
		expect(flow.orderId).toBeGreaterThan(0);
		const { value } = await oc.callMethod(`Awbs?&orderId=${flow.orderId}`, [], 'GET', flow.token);
		const listaValidate = rows(value).filter((awb) => awb.Status !== 'Deleted');
		expect(listaValidate.map((awb) => awb.BarCode)).toEqual([flow.barcode]);
		expect(rows(value).find((awb) => awb.BarCode === flow.invalidated)?.Status).toBe('Deleted');
		const [item] = listaValidate;
		expect(typeof (item.ShippingCost as Row).GrandTotal).toBe('number');
		expect(item).toMatchObject({ CustomString: '1042', Recipient: expect.objectContaining({ Name: 'Maria Ionescu', LocalityName: expect.any(String), CountyName: expect.any(String) }) });
	});

	it('11. PUT Orders?locationId=…&PickupStartDate=Y-m-d%20H:i:s&PickupEndDate=…&action=1: the order id; then OrderDocuments?orderId=…&docType=0: the summary as base64 (send_order, print_summary)', async () => {
		const { value: orderId } = await oc.callMethod(`Orders?locationId=${SHOP.pickup}&PickupStartDate=2026-11-20%2013:00:00&PickupEndDate=2026-11-20%2018:00:00&action=1`, [], 'PUT', flow.token);
		expect(orderId).toBe(flow.orderId);
		const { value } = await oc.callMethod(`OrderDocuments?orderId=${String(orderId)}&docType=0`, [], 'GET', flow.token);
		expect(isPdf(phpBase64Decode(value))).toBe(true);
	});

	it('reads one open order answered as that order alone as well (isset($orders[\'OrderId\']))', async () => {
		await oc.callMethod('Awbs/WithGetAwb', openCartAwb('1044', 1, 0), 'POST', flow.token);
		await sandbox.control.setSettings({ ordersListOfOne: 'object' });
		try {
			const { value } = await oc.callMethod(`Orders?locationId=${SHOP.pickup}&status=0&pageNumber=1&itemsPerPage=1000`, [], 'GET', flow.token);
			expect(Number((value as Row).OrderId)).toBeGreaterThan(flow.orderId);
		} finally {
			await sandbox.control.setSettings({ ordersListOfOne: 'list' });
		}
	});

	it('7 then 10 at a location with an open order (ECOM TEST\'s 5500006, sent, not yet validated): the AWB joins that order, no second one opens', async () => {
		const ecomTest = '1005962049';
		const { value: created } = await oc.callMethod('Awbs/WithGetAwb', openCartAwb('1045', 1, 0, ecomTest), 'POST', flow.token);
		const barcode = String(rows(created)[0]?.BarCode);
		const { value: orders } = await oc.callMethod(`Orders?locationId=${ecomTest}&status=0&pageNumber=1&itemsPerPage=1000`, [], 'GET', flow.token);
		expect(rows(orders).map((order) => order.OrderId)).toEqual([5500006]);
		const { value } = await oc.callMethod('Awbs?&orderId=5500006', [], 'GET', flow.token);
		expect(rows(value).filter((awb) => awb.Status !== 'Deleted').map((awb) => awb.BarCode)).toContain(barcode);
	});

	it('reads no locality from the interface\'s grouped shape (the localities setting): the reading above can fail', async () => {
		await sandbox.control.setSettings({ localities: 'grouped' });
		try {
			const { value } = await oc.callMethod(`Localities?countryId=1&countyId=${flow.countyId}`, [], 'GET', flow.token);
			expect(rows(value).filter((row) => typeof row.Name === 'string')).toEqual([]);
		} finally {
			await sandbox.control.setSettings({ localities: 'flat' });
		}
	});
});

describe('PrestaShop (quarkcomro/ps_cargus, cargus.php createNewAwb): where it sends otherwise', () => {
	it('POST Awbs/WithGetAwb with ParcelCodes[].Code 0 (a number) on every piece and its one envelope, no PriceTableId: [0].BarCode, ReturnCode, ReturnAwb read', async () => {
		const ps = new OpenCartClient(sandbox.sandbox.url, DEFAULT_ACCOUNT.subscriptionKey);
		const { value: token } = await ps.callMethod('LoginUser', { UserName: DEFAULT_ACCOUNT.username, Password: DEFAULT_ACCOUNT.password }, 'POST', 'useException');
		const { value } = await ps.callMethod('Awbs/WithGetAwb', {
			Sender: { LocationId: '1005962049' }, Parcels: 1, Envelopes: 1, TotalWeight: 3, DeclaredValue: '0', CashRepayment: '99.5', BankRepayment: '0',
			OtherRepayment: '', OpenPackage: false, ShipmentPayer: '1', MorningDelivery: false, Observations: '', PackageContent: 'Carti', CustomString: '77',
			DeliveryTime: '0', SaturdayDelivery: false, ConsumerReturnType: '0', ReturnCodeExpirationDays: '',
			Recipient: {
				LocationId: null, Name: 'Ion Pop', CountyId: null, CountyName: 'Cluj', LocalityId: null, LocalityName: 'Cluj-Napoca', StreetId: null,
				StreetName: '-', AddressText: 'Strada Horea 3', ContactPerson: 'Ion Pop', PhoneNumber: '0733000000', Email: 'ion@example.com', CodPostal: '400001',
			},
			ParcelCodes: [
				{ Code: 0, Type: 1, Weight: '2', Length: '20', Width: '20', Height: '10', ParcelContent: 'Carti' },
				{ Code: 0, Type: 0, Weight: '1', Length: '20', Width: '20', Height: '1', ParcelContent: 'Factura' },
			],
			ServiceId: '34',
		}, 'POST', token as string);
		expect(value).not.toHaveProperty('error');
		const [created] = rows(value);
		expect(String(created?.BarCode ?? '')).toMatch(/^\d+$/);
		expect(created).toHaveProperty('ReturnCode');
		expect(created).toHaveProperty('ReturnAwb');
		expect(created).toMatchObject({ Parcels: 1, Envelopes: 1 });
	});
});

describe('Magento (liquidlab-agency/magento2-urgent-cargus): where it sends otherwise', () => {
	it('POST Awbs/WithGetAwb with BankRepayment instead of CashRepayment and a return AWB, then AwbDocuments?barCodes=…&type=PDF&format=0&printReturn=1: the label with the return AWB', async () => {
		const magento = new MagentoClient(sandbox.sandbox.url, DEFAULT_ACCOUNT.subscriptionKey);
		const token = await magento.login(DEFAULT_ACCOUNT.username, DEFAULT_ACCOUNT.password);
		expect(token.length).toBeGreaterThan(0);
		// CreateAwb.php getAwbData(); the shop chose "Account Collecting" (Config/Source/Repayment.php, value 1).
		const created = await magento.request('POST', 'Awbs/WithGetAwb', token, {
			Sender: { LocationId: '1005962049' },
			Recipient: {
				LocationId: null, Name: 'Elena Dima', CountyId: null, CountyName: 'Cluj', LocalityId: null, LocalityName: 'Cluj-napoca', StreetId: null,
				StreetName: '-', AddressText: 'Strada Motilor 20', ContactPerson: 'Elena Dima', PhoneNumber: '0744000000', Email: 'elena@example.com', CodPostal: '400001',
			},
			Parcels: 1, Envelopes: 0, TotalWeight: 2, DeclaredValue: '0.000000', CashRepayment: 0, BankRepayment: '249.500000', OtherRepayment: '',
			OpenPackage: false, PriceTableId: null, ShipmentPayer: 1, MorningDelivery: false, SaturdayDelivery: false, Observations: '', PackageContent: 'Tricou',
			CustomString: '000000123',
			ParcelCodes: [{ Code: 0, Type: 1, Weight: 2, Length: 10, Width: 10, Height: 10, ParcelContent: 'Tricou' }],
			ConsumerReturnType: 2, ReturnCodeExpirationDays: 30,
		});
		expect(created.status).toBe(200);
		const [awb] = rows(JSON.parse(created.text));
		const barcode = String(awb.BarCode);
		const returnAwb = String(awb.ReturnAwb);
		expect(barcode).toMatch(/^\d+$/);
		expect(returnAwb).toMatch(/^\d+$/);
		expect(awb).toMatchObject({ CashRepayment: 0, BankRepayment: 249.5 });
		expect((awb.ShippingCost as Row).RepaymentCost).toBeGreaterThan(0);
		// PrintAwb.php: http_build_query of barCodes, type, format and printReturn (the print type chosen: AWB and return AWB).
		const label = await magento.request('GET', `AwbDocuments?barCodes=${barcode}&type=PDF&format=0&printReturn=1`, token);
		expect(label.status).toBe(200);
		const pdf = await PDFDocument.load(phpBase64Decode(label.text));
		expect((pdf.getKeywords() ?? '').split(' ')).toEqual([barcode, returnAwb]);
	});
});
