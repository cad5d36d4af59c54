import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import type { Engine, RunOptions, RunResult } from '../helpers/engine';
import { createEngine } from '../helpers/engine';
import type { SandboxHandle } from '../helpers/sandbox';
import { DEFAULT_ACCOUNT } from '../helpers/sandbox';

/** A credential pointing at the test's sandbox with the default account; override any field. */
export function sandboxCredential(sandbox: SandboxHandle, overrides: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
	return {
		environment: 'custom',
		baseUrl: sandbox.url,
		apiKey: DEFAULT_ACCOUNT.subscriptionKey,
		username: DEFAULT_ACCOUNT.username,
		password: DEFAULT_ACCOUNT.password,
		...overrides,
	};
}

export function engineFor(sandbox: SandboxHandle, overrides: ICredentialDataDecryptedObject = {}): Engine {
	return createEngine({ credential: sandboxCredential(sandbox, overrides) });
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
