import 'reflect-metadata';
import { PollContext } from 'n8n-core';
import {
	NodeHelpers,
	Workflow,
	type IBinaryData,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeType,
	type INodeTypes,
} from 'n8n-workflow';

import { CargusApi } from '../../../credentials/CargusApi.credentials';
import { forgetTokens } from '../../../nodes/shared/transport/tokenCache';
import { CargusTrigger } from '../../../nodes/CargusTrigger/CargusTrigger.node';
import { DatabaseCredentialsHelper } from '../../helpers/credentialsHelper';
import { additionalDataOf } from '../../helpers/engine';

const NODE_TYPE = 'n8n-nodes-cargus.cargusTrigger';
const CREDENTIAL = { id: 'cargus-credential', name: 'Cargus account' };
const NODE_NAME = 'Cargus Trigger';
const STATIC_DATA_KEY = `node:${NODE_NAME}`;

const triggerType = new CargusTrigger();
const nodeTypes: INodeTypes = {
	getByName: () => triggerType as INodeType,
	getByNameAndVersion: () => NodeHelpers.getVersionedNodeType(triggerType) as INodeType,
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

export interface TriggerParameters {
	/** Trigger On; New Tracking Event when absent. */
	event?: string;
	barcodes?: string | string[];
	orderIds?: string | string[];
	downloadPdf?: boolean;
	options?: IDataObject;
	/** Watch (version 2 defaults to the whole account). */
	watch?: 'account' | 'list';
	/** The node's typeVersion; 1 when absent (a workflow saved before Watch existed). */
	version?: number;
}

/**
 * Runs the Cargus Trigger the way n8n 2.40 runs an active polling workflow (its default, non-durable
 * poll cursors): one Workflow per activation, each poll a fresh n8n-core PollContext reading the
 * node's static data from that Workflow. n8n saves the static data, as JSON and only if it sees it
 * changed (`__dataChanged`), after the poll it runs on activation and whenever a poll emits items;
 * a poll that returns null is not saved by itself. A restart or an edit re-activates the workflow
 * from what was saved. The credential lives in an in-memory store that persists refreshed tokens.
 */
export class TriggerHarness {
	readonly credentials = new DatabaseCredentialsHelper({ cargusApi: new CargusApi() });
	/** The workflow's static data as n8n's database holds it. */
	savedStaticData = '{}';
	/** The time n8n gives one poll (n8n-core's default when undefined). */
	pollBudgetMs: number | undefined;
	/** The binary file (property "data") of each item of the last poll or Fetch Test Event, if any. */
	lastBinaries: Array<IBinaryData | undefined> = [];
	/** Whether the last Fetch Test Event run changed the static data in n8n's eyes. */
	manualRunChangedStaticData = false;
	private active: Workflow | undefined;
	private currentParameters: TriggerParameters;

	/** A new n8n process: no token known yet, the credential as given saved in its database. */
	constructor(credential: ICredentialDataDecryptedObject, parameters: TriggerParameters) {
		forgetTokens();
		this.credentials.set(CREDENTIAL.id, credential);
		this.currentParameters = parameters;
	}

	get parameters(): TriggerParameters {
		return this.currentParameters;
	}

	/** The user edits the node and saves: n8n re-activates the workflow with its saved static data. */
	set parameters(parameters: TriggerParameters) {
		this.currentParameters = parameters;
		this.active = undefined;
	}

	/** The node's static data as last saved by n8n. */
	get staticData(): IDataObject {
		return ((JSON.parse(this.savedStaticData) as IDataObject)[STATIC_DATA_KEY] as IDataObject | undefined) ?? {};
	}

	/** The node's static data in the running workflow, saved or not yet. */
	get liveStaticData(): IDataObject {
		if (this.active === undefined) return this.staticData;
		return (JSON.parse(JSON.stringify(this.active.staticData)) as IDataObject)[STATIC_DATA_KEY] as IDataObject;
	}

	/** One poll in trigger mode: the emitted items' JSON, [] when the poll returned null. */
	async poll(): Promise<IDataObject[]> {
		const activation = this.active === undefined;
		this.active ??= this.workflow(true);
		const items = await this.run(this.active, 'trigger');
		if ((activation || items.length > 0) && this.active.staticData.__dataChanged === true) {
			this.savedStaticData = JSON.stringify(this.active.staticData);
			this.active.staticData.__dataChanged = false;
		}
		return items;
	}

	/** One poll in trigger mode: each item's JSON with its binary file (property "data"), if any. */
	async pollWithBinaries(): Promise<Array<{ json: IDataObject; binary: IBinaryData | undefined }>> {
		const items = await this.poll();
		return items.map((json, index) => ({ json, binary: this.lastBinaries[index] }));
	}

	/** "Fetch Test Event": a manual execution of a copy of the saved workflow; n8n does not save its static data. */
	async fetchTestEvent(): Promise<IDataObject[]> {
		const workflow = this.workflow(false);
		const items = await this.run(workflow, 'manual');
		this.manualRunChangedStaticData = workflow.staticData.__dataChanged === true;
		return items;
	}

	/** n8n restarts: the next poll runs in a new Workflow built from the saved static data. */
	restart(): void {
		this.active = undefined;
	}

	staticDataBytes(): number {
		return Buffer.byteLength(JSON.stringify(this.staticData));
	}

	/** The parameters as the node holds them (the version is the node's, not a parameter). */
	private nodeParameters(): INode['parameters'] {
		const parameters = { ...this.currentParameters } as IDataObject;
		delete parameters.version;
		return parameters as INode['parameters'];
	}

	private node(): INode {
		return {
			id: 'trigger-node',
			name: NODE_NAME,
			type: NODE_TYPE,
			typeVersion: this.currentParameters.version ?? 1,
			position: [0, 0],
			parameters: { event: 'newTrackingEvent', ...this.nodeParameters() },
			credentials: { cargusApi: CREDENTIAL },
		};
	}

	private workflow(active: boolean): Workflow {
		return new Workflow({
			id: 'trigger-workflow',
			name: 'Cargus Trigger test',
			nodes: [this.node()],
			connections: {},
			active,
			nodeTypes,
			staticData: JSON.parse(this.savedStaticData) as IDataObject,
			settings: { executionOrder: 'v1' },
		});
	}

	private async run(workflow: Workflow, mode: 'trigger' | 'manual'): Promise<IDataObject[]> {
		const context = new PollContext(
			workflow,
			workflow.getNode(NODE_NAME) as INode,
			additionalDataOf(this.credentials),
			mode,
			mode === 'manual' ? 'manual' : 'activate',
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			this.pollBudgetMs === undefined ? undefined : () => this.pollBudgetMs as number,
		);
		const result = await triggerType.poll.call(context);
		this.lastBinaries = result === null ? [] : result[0].map((item) => item.binary?.data);
		return result === null ? [] : result[0].map((item) => item.json);
	}
}
