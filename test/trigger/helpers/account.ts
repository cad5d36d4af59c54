import type { SandboxControl } from '../../../sandbox/control/client';
import { DEFAULT_ACCOUNT } from '../../helpers/sandbox';
import { ServiceClient } from '../../sandbox/support';

/** The sandbox account as a shop's own script sees it: logged in afresh (the sandbox clock may have expired a token). */
export async function accountClient(url: string): Promise<ServiceClient> {
	const client = new ServiceClient(url);
	await client.login();
	return client;
}

/** Barcodes of the default account whose cash on delivery the sandbox has repaid by now (its control API). */
export async function repaidBarcodes(control: SandboxControl): Promise<Set<string>> {
	const records = await control.cashOnDelivery();
	return new Set(records.filter((record) => record.repaid && record.account === DEFAULT_ACCOUNT.username).map((record) => record.BarCode));
}
