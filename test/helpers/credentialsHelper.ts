import type {
	ICredentialDataDecryptedObject,
	ICredentials,
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
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers } from 'n8n-workflow';

/**
 * An in-memory credential store with n8n's credential semantics (mirrors packages/cli credentials-helper.ts):
 * defaults applied on read; preAuthentication runs when the expirable field is empty, when n8n-core
 * reports the credential expired (after a 401), or when the credential is tested; what it returns for
 * the expirable field is persisted; a generic `authenticate` has its expressions resolved.
 */
export class InMemoryCredentialsHelper extends ICredentialsHelper {
	private readonly stored = new Map<string, ICredentialDataDecryptedObject>();

	readonly preAuthenticationCalls: Array<{ credentialsExpired: boolean }> = [];

	constructor(private readonly types: Record<string, ICredentialType>) {
		super();
	}

	set(id: string, data: ICredentialDataDecryptedObject): void {
		this.stored.set(id, { ...data });
	}

	/** What n8n would have in its database for this credential now. */
	get(id: string): ICredentialDataDecryptedObject {
		const data = this.stored.get(id);
		if (!data) throw new Error(`No credential with id ${id}`);
		return { ...data };
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
		if (reference) {
			await this.updateCredentials(reference, type.name, { ...this.get(reference.id ?? ''), ...output });
			return Object.assign(credentials, output);
		}
		return undefined;
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
		const data = this.get(nodeCredentials.id ?? '');
		return {
			id: nodeCredentials.id ?? undefined,
			name: nodeCredentials.name,
			type,
			data: '',
			getData: () => ({ ...data }),
			getDataToSave: () => ({ id: nodeCredentials.id ?? undefined, name: nodeCredentials.name, type, data: '' }),
			setData: () => undefined,
		} as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.get(nodeCredentials.id ?? '');
		const withDefaults = NodeHelpers.getNodeParameters(this.getCredentialsProperties(type), data as INodeParameters, true, false, null, null);
		return { ...(withDefaults as ICredentialDataDecryptedObject) };
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.set(nodeCredentials.id ?? '', data);
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
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
