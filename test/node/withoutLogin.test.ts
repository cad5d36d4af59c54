import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();
const ECOM_TEST_LOCATION = 1005962049;

beforeEach(async () => {
	await sandbox.control.reset();
});

/** A credential with only the subscription key: enough for every operation marked "no Authorization". */
function keyOnly() {
	return engineFor(sandbox, { username: '', password: '' });
}

async function expectNoLoginAndNoAuthorization(): Promise<void> {
	const log = await requestsSeen(sandbox);
	expect(log.length).toBeGreaterThan(0);
	expect(log.filter((entry) => entry.operation === 'login')).toEqual([]);
	expect(log.filter((entry) => entry.auth !== 'none')).toEqual([]);
}

test('Return AWB Create gives the new return barcode', async () => {
	const [shipment] = await sandbox.control.shipments();
	const { json, error } = await runOperation(keyOnly(), 'returnAwb', 'create', {
		barcode: shipment.barcode,
		additionalFields: { hasContract: true, returnCodeExpirationDays: 10 },
	});
	expect(error).toBeUndefined();
	expect(json).toEqual([{ ReturnBarcode: expect.stringMatching(/^\d{6,20}$/) }]);
	await expectNoLoginAndNoAuthorization();
});

test('Locality Get Many Without Login gives one item per locality of the county', async () => {
	const { json, error } = await runOperation(keyOnly(), 'locality', 'getManyWithoutLogin', { countryId: 1, countyId: 15 });
	expect(error).toBeUndefined();
	expect(json.length).toBeGreaterThan(1);
	for (const locality of json) expect(locality).toMatchObject({ LocalityId: expect.any(Number), Name: expect.any(String), CountyId: 15 });
	await expectNoLoginAndNoAuthorization();
});

test('Locality Get Many (with login) filters by county and gives one item per locality', async () => {
	const { json, error } = await runOperation(engineFor(sandbox), 'locality', 'getMany', { countryId: 1, filters: { countyId: 15 } });
	expect(error).toBeUndefined();
	expect(json.length).toBeGreaterThan(1);
	for (const locality of json) expect(locality.CountyId).toBe(15);
	expect((await requestsSeen(sandbox, 'localities'))[0].auth).toBe('bearer');
});

test('Cash Receipt Create List sends the repeatable receipts and gives the new list ID', async () => {
	const [shipment] = await sandbox.control.shipments();
	const { json, error } = await runOperation(keyOnly(), 'cashReceipt', 'createList', {
		date: '2026-11-20T09:00:00',
		operator: 'Ana Pop',
		location: ECOM_TEST_LOCATION,
		receipts: {
			receipt: [
				{ receiptDate: '2026-11-20T08:00:00', receiptNumber: 'R-1', receiptOperator: 'Ana Pop', amount: 120.5, awb: shipment.barcode, idAwb: 1 },
				{ receiptDate: '2026-11-20T08:30:00', receiptNumber: 'R-2', receiptOperator: 'Ana Pop', amount: 80, awb: shipment.barcode, idAwb: 2 },
			],
		},
	});
	expect(error).toBeUndefined();
	expect(json).toEqual([{ CashReceiptListId: expect.any(Number) }]);
	await expectNoLoginAndNoAuthorization();
});

test('Complaint Save says whether the complaint was saved', async () => {
	const { json, error } = await runOperation(keyOnly(), 'complaint', 'save', {
		personName: 'Ana Pop',
		email: 'ana@example.com',
		complaintDetails: 'The parcel arrived damaged.',
		additionalFields: { telephone: '0722000000' },
	});
	expect(error).toBeUndefined();
	expect(json).toEqual([{ saved: true }]);
	await expectNoLoginAndNoAuthorization();
});

test('Account Log In gives the token of the credential\'s account and the login path that gave it', async () => {
	const { json, error } = await runOperation(engineFor(sandbox), 'account', 'logIn');
	expect(error).toBeUndefined();
	expect(json).toEqual([{ token: expect.any(String), loginPath: '/api/LoginUser' }]);
	expect((json[0].token as string).length).toBeGreaterThan(10);
	const log = await requestsSeen(sandbox);
	expect(log.map((entry) => [entry.operation, entry.path])).toEqual([['login', '/api/LoginUser']]);
});

test('An operation that needs a login fails with a clear message on a key-only credential, sending nothing', async () => {
	const { error, items } = await runOperation(keyOnly(), 'shipment', 'track', { barcodes: '804115458' });
	expect(items).toEqual([]);
	expect(error?.message).toBe('This operation needs a Cargus login, but the Cargus API credential has no Username');
	expect(await requestsSeen(sandbox)).toEqual([]);
});
