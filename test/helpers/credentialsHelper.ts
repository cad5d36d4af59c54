import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers } from 'n8n-workflow';

/** How long one read or write of the credential table takes. */
const DEFAULT_QUERY_MS = 1;

/**
 * n8n's credentials helper (packages/cli credentials-helper.ts) over a database, as the real server
 * has it: every read returns a fresh copy of what was last saved, after a query delay, and queries
 * run one at a time (n8n's SQLite connection), so the items of a run reach an empty or expired token
 * one after another, never as one shared object. preAuthentication runs when the expirable field is
 * empty, when n8n-core reports the credential expired, or when the credential is tested; what it
 * returns for the expirable field is saved by reading the stored credential and writing it back; a
 * generic `authenticate` has its expressions resolved.
 */
export class DatabaseCredentialsHelper extends ICredentialsHelper {
	private readonly table = new Map<string, string>();
	private queue: Promise<unknown> = Promise.resolve();

	readonly preAuthenticationCalls: Array<{ credentialsExpired: boolean }> = [];

	/** Reads of the credential table so far. */
	reads = 0;

	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly queryMs = DEFAULT_QUERY_MS,
	) {
		super();
	}

	/** Saves the credential as the credential dialog does (at once, outside any run). */
	set(id: string, data: ICredentialDataDecryptedObject): void {
		this.table.set(id, JSON.stringify(data));
	}

	/** What the database holds for this credential now. */
	get(id: string): ICredentialDataDecryptedObject {
		const row = this.table.get(id);
		if (row === undefined) throw new Error(`No credential with id ${id}`);
		return JSON.parse(row) as ICredentialDataDecryptedObject;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node) throw new Error('Workflow and node are required for generic authentication');
			const options = requestOptions as unknown as Record<string, Record<string, string>>;
			for (const [outerKey, values] of Object.entries(authenticate.properties)) {
				options[outerKey] ??= {};
				for (const [key, value] of Object.entries(values as Record<string, string>)) {
					options[outerKey][resolve(key, credentials, workflow, node)] = resolve(value, credentials, workflow, node);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirable === undefined || typeof type.preAuthentication !== 'function') return undefined;
		const isTestingCredentials = node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials) return undefined;
		this.preAuthenticationCalls.push({ credentialsExpired });
		const output = (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		const reference = node.credentials?.[type.name];
		if (!reference) return undefined;
		const stored = await (await this.getCredentials(reference, type.name)).getData();
		await this.updateCredentials(reference, type.name, { ...stored, ...output });
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const row = await this.read(nodeCredentials.id ?? '');
		return {
			id: nodeCredentials.id ?? undefined,
			name: nodeCredentials.name,
			type,
			data: '',
			getData: async () => JSON.parse(row) as ICredentialDataDecryptedObject,
			getDataToSave: () => ({ id: nodeCredentials.id ?? undefined, name: nodeCredentials.name, type, data: '' }),
			setData: () => undefined,
		} as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode?: WorkflowExecuteMode,
		executeData?: IExecuteData,
		_raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const data = JSON.parse(await this.read(nodeCredentials.id ?? '')) as INodeParameters;
		const withDefaults = NodeHelpers.getNodeParameters(this.getCredentialsProperties(type), data, true, false, null, null) as ICredentialDataDecryptedObject;
		if (expressionResolveValues === undefined) return withDefaults;
		// n8n's "dynamic credentials": expressions in a credential are resolved against the item being run.
		const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } = expressionResolveValues;
		return workflow.expression.getParameterValue(
			withDefaults as INodeParameters,
			runExecutionData,
			runIndex,
			itemIndex,
			node.name,
			connectionInputData,
			mode ?? 'internal',
			{},
			executeData,
			false,
			withDefaults as INodeParameters,
		) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const row = JSON.stringify(data);
		await this.query(() => this.table.set(nodeCredentials.id ?? '', row));
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
	}

	private async read(id: string): Promise<string> {
		return await this.query(() => {
			this.reads++;
			const row = this.table.get(id);
			if (row === undefined) throw new Error(`No credential with id ${id}`);
			return row;
		});
	}

	/** One query at a time, each taking `queryMs`. */
	private async query<T>(run: () => T): Promise<T> {
		const result = this.queue.then(async () => {
			await new Promise((resolve) => setTimeout(resolve, this.queryMs));
			return run();
		});
		this.queue = result.catch(() => undefined);
		return await result;
	}

	private type(name: string): ICredentialType {
		const type = this.types[name];
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	}
}

function resolve(value: string, credentials: ICredentialDataDecryptedObject, workflow: Workflow, node: INode): string {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	const resolved = workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, '');
	return resolved ? String(resolved) : '';
}
