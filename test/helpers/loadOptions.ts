import 'reflect-metadata';
import { LoadOptionsContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, INode, INodeListSearchResult, INodeParameters, INodePropertyOptions } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { CargusApi } from '../../credentials/CargusApi.credentials';
import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { additionalDataOf, CARGUS_NODE_TYPE, nodeTypesOf } from './engine';
import { DatabaseCredentialsHelper } from './credentialsHelper';

const CREDENTIAL_ID = 'cargus-credential';

/**
 * Calls one of the Cargus node's load-options methods the way n8n's editor backend does
 * (DynamicNodeParametersService): a one-node workflow with the form's current parameters, n8n-core's
 * LoadOptionsContext, and the credential read from the store.
 */
/**
 * The form's context for one of the Cargus node's lookups, as n8n's editor backend builds it
 * (DynamicNodeParametersService): a one-node workflow with the form's current parameters, n8n-core's
 * LoadOptionsContext, and the credential read from the store.
 */
function lookupContext(parameters: INodeParameters, credential: ICredentialDataDecryptedObject | undefined): { cargus: Cargus; context: LoadOptionsContext } {
	const credentialType = new CargusApi();
	const credentials = new DatabaseCredentialsHelper({ [credentialType.name]: credentialType });
	if (credential !== undefined) credentials.set(CREDENTIAL_ID, credential);
	const cargus = new Cargus();
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: CARGUS_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		// None: the form has no credential chosen yet.
		...(credential === undefined ? {} : { credentials: { cargusApi: { id: CREDENTIAL_ID, name: 'Cargus account' } } }),
	};
	const nodeTypes = nodeTypesOf({ [CARGUS_NODE_TYPE]: cargus });
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = { ...additionalDataOf(credentials), currentNodeParameters: parameters };
	return { cargus, context: new LoadOptionsContext(workflow, workflow.getNode('Temp-Node')!, additionalData, 'parameters') };
}

/** Calls one of the Cargus node's load-options methods (a dropdown's list) the way n8n's editor backend does; no credential: none chosen. */
export async function loadOptions(
	method: string,
	parameters: INodeParameters,
	credential: ICredentialDataDecryptedObject | undefined,
): Promise<INodePropertyOptions[]> {
	const { cargus, context } = lookupContext(parameters, credential);
	const implementation = cargus.methods.loadOptions[method as keyof typeof cargus.methods.loadOptions];
	if (!implementation) throw new Error(`The Cargus node has no load-options method ${method}`);
	return await implementation.call(context);
}

type ListSearchMethod = (this: LoadOptionsContext, filter?: string) => Promise<INodeListSearchResult>;

/** Calls one of the Cargus node's list-search methods (a resource locator's "From list", with what the user typed). */
export async function listSearch(
	method: string,
	parameters: INodeParameters,
	credential: ICredentialDataDecryptedObject,
	filter?: string,
): Promise<INodeListSearchResult> {
	const implementation = new Cargus().methods.listSearch[method as keyof Cargus['methods']['listSearch']];
	if (!implementation) throw new Error(`The Cargus node has no list-search method ${method}`);
	return await listSearchWith(implementation, parameters, credential, filter);
}

/** Calls a list-search method built for a form (one the node may register under any name) in the same context. */
export async function listSearchWith(
	implementation: ListSearchMethod,
	parameters: INodeParameters,
	credential: ICredentialDataDecryptedObject,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await implementation.call(lookupContext(parameters, credential).context, filter);
}
