import { ExecuteContext, RoutingNode } from 'n8n-core';
import type { ICredentialType, IExecuteData, INode, INodeType, IRunExecutionData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { DatabaseCredentialsHelper } from './credentialsHelper';
import { additionalDataOf, nodeTypesOf } from './engine';

// n8n's loader keeps the short name of n8n-nodes-base's No Operation node, and the tester's temporary
// node takes it: so n8n's own "is this a credential test" check (type 'n8n-nodes-base.noOp') is false
// there, and preAuthentication runs in a test only when the stored token is empty.
const NO_OP = 'noOp';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * The credential dialog's "Test" button, as packages/cli credentials-tester.service.ts runs a
 * declarative `test.request`: a temporary No-Op node whose one property routes the test request,
 * run by RoutingNode with the decrypted credential; errors become the dialog's message, with the
 * credential's `rules` applied to the response code.
 */
export async function testCredential(
	credentials: DatabaseCredentialsHelper,
	credentialType: ICredentialType,
	credentialId: string,
): Promise<CredentialTestResult> {
	const test = credentialType.test;
	if (!test) return { status: 'Error', message: 'No testing function found for this credential.' };
	const nodeType: INodeType = {
		description: {
			displayName: 'No Operation',
			name: NO_OP,
			group: ['organization'],
			version: 1,
			description: 'Temp',
			defaults: { name: 'Temp' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: test.request }, default: '' }],
		},
	} as unknown as INodeType;
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: NO_OP,
		typeVersion: 1,
		position: [0, 0],
		credentials: { [credentialType.name]: { id: credentialId, name: 'Cargus account' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesOf({ [NO_OP]: nodeType }) });
	const additionalData = additionalDataOf(credentials);
	const runExecutionData = { resultData: { runData: {} } } as unknown as IRunExecutionData;
	const executeData: IExecuteData = { node, data: {}, source: null };
	const context = new ExecuteContext(workflow, node, additionalData, 'internal', runExecutionData, 0, [], { main: [[{ json: {} }]] }, executeData, []);
	const data = await credentials.getDecrypted(additionalData, { id: credentialId, name: 'Cargus account' }, credentialType.name);
	const routingNode = new RoutingNode(context, nodeType, { id: credentialId, name: 'Cargus account', type: credentialType.name, data });
	try {
		await routingNode.runNode();
	} catch (caught) {
		const error = caught as { message: string; cause?: { response?: { status: number; statusText?: string }; code?: string } };
		const response = error.cause?.response;
		if (response) {
			const rule = test.rules?.find((candidate) => candidate.type === 'responseCode' && candidate.properties.value === response.status);
			if (rule && rule.type === 'responseCode') return { status: 'Error', message: rule.properties.message };
			if (response.status < 199 || response.status > 299) {
				return { status: 'Error', message: response.statusText || `Received HTTP status code: ${response.status}` };
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: error.message.toString() };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
