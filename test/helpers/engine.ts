import 'reflect-metadata';
import { DirectoryLoader, ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionError,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { CargusApi } from '../../credentials/CargusApi.credentials';
import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { forgetTokens } from '../../nodes/shared/transport/tokenCache';
import { testCredential } from './credentialTest';
import { DatabaseCredentialsHelper } from './credentialsHelper';

export const CARGUS_NODE_TYPE = 'n8n-nodes-cargus.cargus';
const START_NODE_TYPE = 'test.items';
const CREDENTIAL_ID = 'cargus-credential';
/** Workflows in tests run in Romanian time, as a Cargus customer's would. */
export const WORKFLOW_TIME_ZONE = 'Europe/Bucharest';

/** Gives the workflow its input: one item per object in the `items` parameter. */
class ItemsNode implements INodeType {
	description = {
		displayName: 'Items',
		name: 'items',
		group: ['input'],
		version: 1,
		description: 'Test input',
		defaults: { name: 'Items' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: [] }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getNodeParameter('items', 0) as IDataObject[];
		return [items.map((json, index) => ({ json, pairedItem: { item: index } }))];
	}
}

export interface RunOptions {
	/** Input items of the node under test; default one empty item. */
	input?: IDataObject[];
	continueOnFail?: boolean;
	/** n8n's Retry On Fail of the node's Settings: its tries and the wait between them. */
	retryOnFail?: { maxTries: number; waitBetweenTries: number };
	nodeType?: string;
	typeVersion?: number;
}

export interface RunResult {
	items: INodeExecutionData[];
	error?: ExecutionError;
	run: IRun;
}

export interface Engine {
	credentials: DatabaseCredentialsHelper;
	/** Presses the credential dialog's "Test" button, as n8n's CredentialsTester does. */
	testCredential(): Promise<{ status: 'OK' | 'Error'; message: string }>;
	/** The credential as n8n would have it stored now (the token preAuthentication persisted). */
	storedCredential(): ICredentialDataDecryptedObject;
	setCredential(data: ICredentialDataDecryptedObject): void;
	run(parameters: INodeParameters, options?: RunOptions): Promise<RunResult>;
}

export interface EngineOptions {
	credential: ICredentialDataDecryptedObject;
	nodeTypes?: Record<string, INodeType | IVersionedNodeType>;
	credentialTypes?: Record<string, ICredentialType>;
}

/** A new n8n process: no token known yet, the credential as given saved in its database. */
export function createEngine(options: EngineOptions): Engine {
	forgetTokens();
	const credentialType = new CargusApi();
	const credentials = new DatabaseCredentialsHelper({ [credentialType.name]: credentialType, ...options.credentialTypes });
	credentials.set(CREDENTIAL_ID, options.credential);
	const nodeTypes = nodeTypesOf({ [CARGUS_NODE_TYPE]: loaded(new Cargus()), [START_NODE_TYPE]: new ItemsNode(), ...options.nodeTypes });
	return {
		credentials,
		storedCredential: () => credentials.get(CREDENTIAL_ID),
		setCredential: (data) => credentials.set(CREDENTIAL_ID, data),
		testCredential: async () => await testCredential(credentials, credentialType, CREDENTIAL_ID),
		run: async (parameters, runOptions = {}) => await runNode(nodeTypes, credentials, parameters, runOptions),
	};
}

/** The node type as n8n's loader hands it to the engine: a declarative node gains the Options of its requests. */
function loaded(nodeType: INodeType): INodeType {
	DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
	return nodeType;
}

export function nodeTypesOf(types: Record<string, INodeType | IVersionedNodeType>): INodeTypes {
	return {
		getByName: (name) => {
			const type = types[name];
			if (!type) throw new Error(`Unknown node type ${name}`);
			return type;
		},
		getByNameAndVersion: (name, version) => {
			const type = types[name];
			if (!type) throw new Error(`Unknown node type ${name}`);
			return NodeHelpers.getVersionedNodeType(type, version);
		},
		getKnownTypes: () => ({}),
	};
}

async function runNode(
	nodeTypes: INodeTypes,
	credentials: DatabaseCredentialsHelper,
	parameters: INodeParameters,
	options: RunOptions,
): Promise<RunResult> {
	const id = `test-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
	const nodes: INode[] = [
		{
			id: 'start',
			name: 'Start',
			type: START_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: (options.input ?? [{}]) as unknown as INodeParameters['items'] },
		},
		{
			id: 'under-test',
			name: 'Cargus',
			type: options.nodeType ?? CARGUS_NODE_TYPE,
			typeVersion: options.typeVersion ?? 1,
			position: [200, 0],
			parameters,
			credentials: { cargusApi: { id: CREDENTIAL_ID, name: 'Cargus account' } },
			continueOnFail: options.continueOnFail ?? false,
			...(options.retryOnFail ? { retryOnFail: true, ...options.retryOnFail } : {}),
		},
	];
	const connections = { Start: { main: [[{ node: 'Cargus', type: 'main' as const, index: 0 }]] } };
	const workflow = new Workflow({ id, nodes, connections, active: false, nodeTypes, settings: { executionOrder: 'v1', timezone: WORKFLOW_TIME_ZONE } });
	const workflowData = {
		id,
		name: id,
		nodes,
		connections,
		active: false,
		settings: { executionOrder: 'v1', timezone: WORKFLOW_TIME_ZONE },
		createdAt: new Date(),
		updatedAt: new Date(),
	} as unknown as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks('manual', id, workflowData);
	const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', (run) => resolve(run)));
	const additionalData = additionalDataOf(credentials, hooks, id);
	const startNode = workflow.getNode('Start') ?? undefined;
	await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode });
	const run = await finished;
	const taskData = run.data.resultData.runData.Cargus?.[0];
	return {
		items: taskData?.data?.main?.[0] ?? [],
		error: taskData?.error ?? run.data.resultData.error,
		run,
	};
}

export function additionalDataOf(credentials: DatabaseCredentialsHelper, hooks?: ExecutionLifecycleHooks, executionId?: string): IWorkflowExecuteAdditionalData {
	const base = 'http://127.0.0.1:5678';
	return {
		// n8n gives every execution its id (getExecutionId() in the nodes).
		executionId,
		credentialsHelper: credentials,
		hooks,
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not available in tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		logAiEvent: () => undefined,
		startRunnerTask: async () => {
			throw new Error('Task runners are not available in tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}
