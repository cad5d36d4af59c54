import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import type { Engine, RunOptions, RunResult } from '../helpers/engine';
import { createEngine } from '../helpers/engine';
import type { SandboxHandle } from '../helpers/sandbox';
import { sandboxCredential } from '../helpers/sandbox';

export function engineFor(sandbox: SandboxHandle, overrides: ICredentialDataDecryptedObject = {}): Engine {
	return createEngine({ credential: sandboxCredential(sandbox.url, overrides) });
}

/** Runs one Cargus operation and returns the JSON of its items. */
export async function runOperation(
	engine: Engine,
	resource: string,
	operation: string,
	parameters: INodeParameters = {},
	options: RunOptions = {},
): Promise<RunResult & { json: IDataObject[] }> {
	const result = await engine.run({ resource, operation, ...parameters }, options);
	return { ...result, json: result.items.map((item) => item.json) };
}

/** Requests the sandbox saw since the last reset, optionally of one operation. */
export async function requestsSeen(sandbox: SandboxHandle, operation?: string) {
	return await sandbox.control.requests(operation);
}

/** Shipment › Create's smallest AWB: from the sandbox's eCom Test location to Cluj-Napoca, one 2 kg parcel, 10 RON cash on delivery. */
export const SMALL_SHIPMENT: INodeParameters = {
	senderLocationId: 1005962049,
	serviceId: 34,
	recipientName: 'Ana Pop',
	recipientPhone: '0722000000',
	recipientCountyId: 15,
	recipientLocalityId: 164,
	pieces: { piece: [{ type: 1, weight: 2 }] },
	cashOnDelivery: 10,
};
