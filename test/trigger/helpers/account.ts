import { ServiceClient } from '../../sandbox/support';

/** The sandbox account as a shop's own script sees it: logged in afresh (the sandbox clock may have expired a token). */
export async function accountClient(url: string): Promise<ServiceClient> {
	const client = new ServiceClient(url);
	await client.login();
	return client;
}

/** Barcodes whose cash on delivery GET /api/CashAccount shows as repaid right now (call it with no faults set). */
export async function repaidBarcodes(url: string): Promise<Set<string>> {
	const answer = await (await accountClient(url)).call('GET', '/api/CashAccount');
	if (answer.status === 204) return new Set();
	if (answer.status !== 200 || !Array.isArray(answer.json)) throw new Error(`CashAccount answered ${answer.status}: ${answer.text}`);
	const records = answer.json as Array<{ BarCode: string; RepaymentId: string | null }>;
	return new Set(records.filter((record) => record.RepaymentId).map((record) => String(record.BarCode)));
}
