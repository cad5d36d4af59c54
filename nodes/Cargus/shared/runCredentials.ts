import type { ICredentialDataDecryptedObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './credentials';

// n8n reads a credential from its database and decrypts it on every getCredentials call. The items of
// one run of the node share one reading, keyed by the run's execute data (one object per node run).
const readings = new WeakMap<object, Promise<ICredentialDataDecryptedObject>>();

/**
 * The Cargus API credential for this run of the node, read once, as n8n's own nodes read it once per
 * run. When that reading fails, each item reads again, so each reports an error of its own.
 */
export async function credentialsOfRun(context: IExecuteSingleFunctions): Promise<ICredentialDataDecryptedObject> {
	const read = async () => await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
	const run = context.getExecuteData() as object | undefined;
	if (run === undefined) return await read();
	const shared = readings.get(run);
	if (shared === undefined) {
		const reading = read();
		readings.set(run, reading);
		reading.catch(() => readings.delete(run));
		return await reading;
	}
	try {
		return await shared;
	} catch {
		return await read();
	}
}
