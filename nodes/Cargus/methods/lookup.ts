import type { ICredentialDataDecryptedObject, IDataObject, ILoadOptionsFunctions, INodePropertyOptions, NodeOperationError } from 'n8n-workflow';

import { credentialReferenceOf } from '../../shared/transport/authenticatedRequest';
import { CREDENTIAL_TYPE } from '../../shared/cargus/credentials';
import { hasAccount } from '../../shared/transport/login';
import { noAccount } from '../../shared/transport/errors';
import { outputSecretsOf, redactOutputValue } from '../../shared/transport/redact';
import { credentialsAfterSending } from '../../shared/transport/secretsKept';
import { sendToCargus, type Carrying } from '../../shared/transport/send';

/** What a dropdown's list needs from one Cargus answer: its rows (none for 204), and the rule for quoting them. */
export interface LookupAnswer {
	rows: IDataObject[];
	/** A value as Cargus sent it, under the output rule of the node's items (a secret it holds is hidden). */
	shown: (value: unknown) => string;
}

/**
 * Loads a list for a dropdown of the form: GET `url` with the credential through the package's one sender, logged
 * in (the token in the Authorization header, one login shared with the node's items). `what` names the list in errors.
 */
export async function lookup(context: ILoadOptionsFunctions, what: string, url: string, qs: IDataObject = {}): Promise<LookupAnswer> {
	const credentials = await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
	if (!hasAccount(credentials)) {
		throw noAccount(context, `The list of ${what}`);
	}
	const body = await listBody(context, what, url, qs, credentials);
	const secrets = outputSecretsOf(...credentialsAfterSending(credentials));
	const rows = (Array.isArray(body) ? body : []).filter((row): row is IDataObject => row !== null && typeof row === 'object');
	return { rows, shown: (value) => String(redactOutputValue(value === null || value === undefined ? '' : String(value), secrets)) };
}

/** The body of a list's answer, or the error saying why the list did not load: the sender's explanation naming the list, never a secret. */
export async function listBody(
	context: ILoadOptionsFunctions,
	what: string,
	url: string,
	qs: IDataObject,
	credentials: ICredentialDataDecryptedObject,
	carrying: Carrying = 'token',
): Promise<unknown> {
	const request = { method: 'GET' as const, url, qs, headers: { Accept: 'application/json' }, json: true };
	return (await sendToCargus(context, request, credentials, { carrying, caller: { list: what } })).body;
}

/**
 * What a dropdown says when the form had no credential as it loaded. n8n loads a new node's lists while it sets its
 * credential, and does not load them again once it is set (a load is still under way): Refresh List does.
 */
export const NO_CREDENTIAL = 'Refresh List (the field\'s ⋮ menu): this list loaded before a Cargus API credential was set';

/**
 * The dropdown's options from `load`, or, when they cannot load, one entry whose name says why. n8n's editor shows
 * a loader's error only as "Error fetching options from Cargus", its text in a tooltip; an entry is read in the list.
 * Its value is empty: chosen, it leaves the field unset.
 */
export async function optionsOrReason(context: ILoadOptionsFunctions, load: () => Promise<INodePropertyOptions[]>): Promise<INodePropertyOptions[]> {
	if (credentialReferenceOf(context) === undefined) {
		return [{ name: NO_CREDENTIAL, value: '', description: 'Choose the Cargus API credential of the node if it has none, then Refresh List' }];
	}
	try {
		return await load();
	} catch (error) {
		// The explanation's advice (what to change) first, where n8n's list shows an option's description.
		const advice = (error as NodeOperationError).description;
		const refresh = 'Nothing to choose: once this is fixed, Refresh List in the field\'s ⋮ menu loads the list';
		return [{ name: (error as Error).message, value: '', description: advice ? `${advice} ${refresh}` : refresh }];
	}
}

/**
 * A parameter of the form; an expression is resolved where it can be without input data. A value n8n does not
 * resolve (an expression needing input data, a parameter of another form) is read as the form holds it.
 */
export function formParameter(context: ILoadOptionsFunctions, path: string): unknown {
	let value: unknown;
	try {
		value = context.getNodeParameter(path, '');
	} catch {
		value = undefined;
	}
	if (value !== '' && value !== undefined) return value;
	return context.getCurrentNodeParameter(path) ?? value;
}

/** A chosen id from the form (a dropdown's value or a resource locator's), or undefined when none is chosen yet. */
export function chosenId(value: unknown): number | undefined {
	const raw = value !== null && typeof value === 'object' && 'value' in value ? (value as { value: unknown }).value : value;
	const id = Number(typeof raw === 'string' ? raw.trim() : raw);
	return raw !== '' && Number.isInteger(id) && id > 0 ? id : undefined;
}
