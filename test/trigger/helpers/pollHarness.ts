import 'reflect-metadata';
import { PollContext } from 'n8n-core';
import {
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeType,
	type INodeTypes,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { CargusApi } from '../../../credentials/CargusApi.credentials';
import { CargusTrigger } from '../../../nodes/CargusTrigger/CargusTrigger.node';
import { InMemoryCredentialsHelper } from '../../helpers/credentialsHelper';

const NODE_TYPE = 'n8n-nodes-cargus.cargusTrigger';
const CREDENTIAL = { id: 'cargus-credential', name: 'Cargus account' };

const triggerType = new CargusTrigger();
const nodeTypes: INodeTypes = {
	getByName: () => triggerType as INodeType,
	getByNameAndVersion: () => NodeHelpers.getVersionedNodeType(triggerType) as INodeType,
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

export interface TriggerParameters {
	barcodes: string | string[];
	options?: IDataObject;
}

/**
 * Runs the Cargus Trigger the way n8n does for an active workflow: each poll gets a fresh
 * n8n-core PollContext over the same workflow static data, and the credential lives in an
 * in-memory store that persists refreshed tokens.
 */
export class TriggerHarness {
	readonly credentials = new InMemoryCredentialsHelper({ cargusApi: new CargusApi() });
	/** The node's static data as n8n keeps it between polls. */
	staticData: IDataObject = {};
	parameters: TriggerParameters;

	constructor(credential: ICredentialDataDecryptedObject, parameters: TriggerParameters) {
		this.credentials.set(CREDENTIAL.id, credential);
		this.parameters = parameters;
	}

	/** One poll in trigger mode: the emitted items' JSON, [] when the poll returned null. */
	async poll(): Promise<IDataObject[]> {
		return await this.run('trigger');
	}

	/** "Fetch Test Event": a manual-mode poll. */
	async fetchTestEvent(): Promise<IDataObject[]> {
		return await this.run('manual');
	}

	/** n8n restarts: static data goes through the database as JSON and comes back. */
	restart(): void {
		this.staticData = JSON.parse(JSON.stringify(this.staticData)) as IDataObject;
	}

	staticDataBytes(): number {
		return Buffer.byteLength(JSON.stringify(this.staticData));
	}

	private async run(mode: 'trigger' | 'manual'): Promise<IDataObject[]> {
		const node: INode = {
			id: 'trigger-node',
			name: 'Cargus Trigger',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { event: 'newTrackingEvent', ...(this.parameters as unknown as IDataObject) },
			credentials: { cargusApi: CREDENTIAL },
		};
		const workflow = new Workflow({
			id: 'trigger-workflow',
			name: 'Cargus Trigger test',
			nodes: [node],
			connections: {},
			active: mode === 'trigger',
			nodeTypes,
			staticData: { [`node:${node.name}`]: this.staticData },
			settings: { executionOrder: 'v1' },
		});
		const context = new PollContext(
			workflow,
			workflow.getNode(node.name) as INode,
			additionalData(this.credentials),
			mode,
			mode === 'manual' ? 'manual' : 'activate',
			undefined,
			undefined,
			undefined,
			undefined,
			() => this.staticData,
		);
		const result = await triggerType.poll.call(context);
		return result === null ? [] : result[0].map((item) => item.json);
	}
}

function additionalData(credentialsHelper: InMemoryCredentialsHelper): IWorkflowExecuteAdditionalData {
	const base = 'http://127.0.0.1:5678';
	return {
		credentialsHelper,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		variables: {},
		executeWorkflow: async () => {
			throw new Error('Not used by the trigger');
		},
		logAiEvent: () => undefined,
		startRunnerTask: async () => {
			throw new Error('Not used by the trigger');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}
