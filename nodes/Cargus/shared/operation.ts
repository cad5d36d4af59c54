import type {
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { redactedSend } from './redactedSend';
import type { Sender } from './send';

export interface OperationSpec {
	name: string;
	value: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	url: string;
	send: Sender;
	preSend?: PreSendAction[];
	/** How the answer becomes items; several steps run in order. */
	output: PostReceiveAction | PostReceiveAction[];
	request?: Partial<IHttpRequestOptions>;
	/** The output is a secret the user asked for (Account › Log In's token): not redacted. */
	outputIsSecret?: boolean;
}

/** One operation of the interface: its method and path, how it is sent, and how its answer becomes items. */
export function operation(spec: OperationSpec): INodePropertyOptions {
	return {
		name: spec.name,
		value: spec.value,
		action: spec.action,
		description: spec.description,
		routing: {
			request: { method: spec.method, url: spec.url, ...spec.request },
			send: { paginate: true, preSend: spec.preSend ?? [] },
			operations: { pagination: redactedSend(spec.send, { outputIsSecret: spec.outputIsSecret }) },
			output: { postReceive: Array.isArray(spec.output) ? spec.output : [spec.output] },
		},
	};
}

/** Binary downloads: the raw bytes, not parsed as JSON. */
export const BINARY_REQUEST: Partial<IHttpRequestOptions> = { encoding: 'arraybuffer', json: false };

/** Shows fields only for one operation of one resource. */
export function forOperation(resource: string, operationValue: string, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => ({
		...field,
		displayOptions: {
			...field.displayOptions,
			show: { ...field.displayOptions?.show, resource: [resource], operation: [operationValue] },
		},
	}));
}

/**
 * Shows one field for several operations, given as { resource: [operation, ...] }. n8n's declarative
 * engine resolves every top-level field of a name for every item, shown or not, so a field that several
 * operations take is defined once.
 */
export function forOperations(shownFor: Record<string, string[]>, fields: INodeProperties[]): INodeProperties[] {
	const resources = Object.keys(shownFor);
	const operations = Object.values(shownFor).flat();
	return fields.map((field) => ({
		...field,
		displayOptions: { ...field.displayOptions, show: { ...field.displayOptions?.show, resource: resources, operation: operations } },
	}));
}

/** The resource's "Operation" selector. */
export function operationSelector(resource: string, operations: INodePropertyOptions[], defaultValue = String(operations[0].value)): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: operations,
		default: defaultValue,
	};
}
