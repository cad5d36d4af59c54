import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import type { Asking } from './asking';
import { inputStep } from '../form/checks';
import type { CustomOperation, ItemsOfRequest } from './operationRun';
import { customOperation } from './operationRun';
import { credentialsOfItem, errorWithoutSecrets, itemsWithoutSecrets } from '../transport/secretsKept';
import { boundedForTool, type ToolNarrowing } from './listCut';
import { isToolNode } from '../values/toolArguments';

export interface OperationSpec {
	name: string;
	value: string;
	action: string;
	description: string;
	/** What the canvas shows under the node's name: short, in the user's words. */
	subtitle: string;
	method: IHttpRequestMethods;
	url: string;
	/** How the operation asks Cargus: the requests it sends (one, per batch, per page, the login) and how the token goes (asking.ts). */
	ask: Asking;
	/** The form, each field with its rule and where its value goes (field.ts): checked and placed before `preSend`. */
	fields?: INodeProperties[];
	/** Steps after the fields are placed: checks across fields, values worked out from several. */
	preSend?: PreSendAction[];
	/** How the answer becomes items; several steps run in order. */
	output: PostReceiveAction | PostReceiveAction[];
	request?: Partial<IHttpRequestOptions>;
	/** The output is a secret the user asked for (Account › Log In's token): not redacted. */
	outputIsSecret?: boolean;
	/** A list: when Cargus finds nothing, the operation outputs no item. */
	isList?: boolean;
	/** As an AI agent's tool, how a model narrows an answer cut to its bound (listCut.ts); by default, asking for less. */
	toolNarrowing?: ToolNarrowing;
	/** As an AI agent's tool, what an empty list means, said instead of `[]` (the request's query given); lists have a general one. */
	toolEmpty?: (query: IDataObject) => string;
	/** As an AI agent's tool, the answer made what a model can use (a price's currency, a picture's facts), after the asking. */
	forTool?: ToolAnswer;
}

/** The items of an answer made for a model; the item's request (its query) at hand. */
export type ToolAnswer = (this: IExecuteSingleFunctions, items: INodeExecutionData[], request: DeclarativeRestApiSettings.ResultOptions) => Promise<INodeExecutionData[]>;

export interface Operation {
	value: string;
	subtitle: string;
	isList: boolean;
	option: INodePropertyOptions;
	/** The operation's fields, shown for every resource and operation (resource() narrows them). */
	fields: INodeProperties[];
	/** How n8n runs it (n8n's customOperations): the option's routing, each parameter read when needed. */
	run: CustomOperation;
}

/** One operation of the interface: its fields, method and path, how it asks Cargus, and how an answer becomes items. */
export function operation(spec: OperationSpec): Operation {
	const fields = spec.fields ?? [];
	const request = { method: spec.method, url: spec.url, ...spec.request };
	const preSend = [inputStep(spec.value, fields), ...(spec.preSend ?? [])];
	const toolEmpty = spec.toolEmpty ?? (spec.isList === true ? () => NOTHING_FOUND : undefined);
	const itemsOf = itemsOfRequest(spec.ask, { outputIsSecret: spec.outputIsSecret, toolNarrowing: spec.toolNarrowing, toolEmpty, forTool: spec.forTool });
	const output = Array.isArray(spec.output) ? spec.output : [spec.output];
	return {
		value: spec.value,
		subtitle: spec.subtitle,
		isList: spec.isList === true,
		fields,
		run: customOperation({ request, preSend, itemsOf, output }),
		option: {
			name: spec.name,
			value: spec.value,
			action: spec.action,
			description: spec.description,
			routing: {
				request,
				send: { paginate: true, preSend },
				// n8n's declarative engine hands its pagination hook the prepared request and takes the items it
				// returns, sending nothing itself: the one hook where the node sends through its own sender (n8n's
				// authenticated helper would log in first) and makes its items, so every operation "paginates".
				operations: { pagination: itemsOf },
				output: { postReceive: output },
			},
		},
	};
}

/**
 * A step for operations that call one of two paths: `url` instead of the operation's when the item's `parameter`
 * is `value` (compared as text: an expression's "true" is true; the input step has checked it already).
 */
export function otherPathWhen(parameter: string, value: string | boolean, url: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		if (String(this.getNodeParameter(parameter, '')).trim() === String(value)) options.url = url;
		return options;
	};
}

/** Binary downloads: the raw bytes, not parsed as JSON. */
export const BINARY_REQUEST: Partial<IHttpRequestOptions> = { encoding: 'arraybuffer', json: false };

/**
 * The item's items: the credential read once for the item, the operation's asking, the secrets kept out
 * (secretsKept.ts); as an AI agent's tool, bounded (listCut.ts).
 */
function itemsOfRequest(ask: Asking, options: Pick<OperationSpec, 'outputIsSecret' | 'toolNarrowing' | 'toolEmpty' | 'forTool'>): ItemsOfRequest {
	return async function (this, request) {
		const credentials = await credentialsOfItem(this);
		let asked: INodeExecutionData[];
		try {
			asked = await ask.call(this, request, credentials);
		} catch (error) {
			throw errorWithoutSecrets(error, credentials);
		}
		const kept = options.outputIsSecret ? asked : itemsWithoutSecrets(asked, credentials);
		if (!isToolNode(this.getNode())) return kept;
		const items = options.forTool === undefined ? kept : await options.forTool.call(this, kept, request);
		if (items.length === 0 && options.toolEmpty !== undefined) {
			return [{ json: { NoneFound: true, Meaning: options.toolEmpty((request.options.qs ?? {}) as IDataObject) } }];
		}
		return boundedForTool(this, items, options.toolNarrowing);
	};
}

/** What an empty list means to a model, unless the operation says it better. */
const NOTHING_FOUND = 'Cargus has nothing that matches what was asked: the list is empty, not cut.';

export interface Resource {
	name: string;
	value: string;
	operations: Operation[];
	/** The Operation selector, then each operation's fields, shown for that operation only. */
	properties: INodeProperties[];
}

/** A resource: its operations, the first the default unless `defaultOperation` says otherwise. */
export function resource(name: string, value: string, operations: Operation[], defaultOperation = operations[0].value): Resource {
	const selector: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [value] } },
		options: operations.map((entry) => entry.option),
		default: defaultOperation,
	};
	const fields = operations.flatMap((entry) => entry.fields.map((field) => shownFor(field, value, entry.value)));
	return { name, value, operations, properties: [selector, ...fields] };
}

/** The field, shown only for one operation of one resource (n8n's updateDisplayOptions does the same). */
function shownFor(field: INodeProperties, resourceValue: string, operationValue: string): INodeProperties {
	return {
		...field,
		displayOptions: {
			...field.displayOptions,
			show: { ...field.displayOptions?.show, resource: [resourceValue], operation: [operationValue] },
		},
	};
}
