import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	JsonObject,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';


/** What every request starts from (the node's requestDefaults). */
export const REQUEST_DEFAULTS = { headers: { Accept: 'application/json' }, json: true };

/**
 * The items of one item's request, prepared by the routing (fields and preSend applied) with the operation's
 * output steps: what n8n's declarative engine calls in its pagination slot, and runItem below.
 */
export type ItemsOfRequest = (
	this: IExecutePaginationFunctions,
	request: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** One operation as this node routes it: the request, the steps that complete it, its items, its output steps. */
export interface Route {
	request: Partial<IHttpRequestOptions> & { method: IHttpRequestMethods; url: string };
	preSend: PreSendAction[];
	itemsOf: ItemsOfRequest;
	output: PostReceiveAction[];
}

export type CustomOperation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

interface RequestOptionsParameter {
	batching?: { batch?: { batchSize?: number; batchInterval?: number } };
	proxy?: string;
	timeout?: number;
	allowUnauthorizedCerts?: boolean;
}

/**
 * The operation as one of n8n's `customOperations`, which n8n runs instead of its declarative engine. That
 * engine evaluates every top-level parameter of the node for every item, shown or not, once per property of
 * its name and again to find the base URL: an expression in a form cost 2 to 10 evaluations per item. Here a
 * parameter is read only when the operation reads it, once per item, and everything else is what the engine
 * does with this node's routing: every item's request under way at once (or in the Batching of Options), the
 * same request options, steps, errors and continue-on-fail.
 */
export function customOperation(route: Route): CustomOperation {
	return async function (this) {
		const items = this.getInputData();
		const options = this.getNodeParameter('requestOptions', 0, {}) as RequestOptionsParameter;
		const batchSize = (options.batching?.batch?.batchSize ?? 0) > 0 ? (options.batching?.batch?.batchSize as number) : 1;
		const batchInterval = options.batching?.batch?.batchInterval ?? 0;
		const runs: Array<Promise<INodeExecutionData[]>> = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			if (itemIndex > 0 && batchInterval > 0 && itemIndex % batchSize === 0) await sleep(batchInterval);
			runs.push(runItem(itemContext(this, itemIndex), route, options));
		}
		const results = await Promise.allSettled(runs);
		const output: INodeExecutionData[] = [];
		results.forEach((result, itemIndex) => {
			if (result.status === 'fulfilled') {
				output.push(...result.value.map((item) => ({ ...item, pairedItem: item.pairedItem ?? { item: itemIndex } })));
				return;
			}
			const error = result.reason as NodeApiError | NodeOperationError;
			if (!this.continueOnFail()) throw itemError(this, error, itemIndex);
			output.push({ json: {}, error: isExpressionError(error) ? itemError(this, error, itemIndex) : error, pairedItem: { item: itemIndex } });
		});
		return [output];
	};
}

async function runItem(context: IExecuteSingleFunctions, route: Route, parameter: RequestOptionsParameter): Promise<INodeExecutionData[]> {
	let options: IHttpRequestOptions = {
		...REQUEST_DEFAULTS,
		headers: { ...REQUEST_DEFAULTS.headers },
		body: {},
		...route.request,
		qs: { ...route.request.qs },
		...requestOptionsOf(context, parameter),
	};
	for (const step of route.preSend) options = await step.call(context, options);
	const requestData: DeclarativeRestApiSettings.ResultOptions = {
		options: options as DeclarativeRestApiSettings.HttpRequestOptions,
		preSend: route.preSend,
		postReceive: [{ data: { parameterValue: undefined }, actions: route.output }],
		requestOperations: {},
		paginate: true,
	};
	return await route.itemsOf.call(context as IExecutePaginationFunctions, requestData);
}

/** Timeout, proxy and certificates from the node's Options, as n8n's declarative engine reads them. */
function requestOptionsOf(context: IExecuteSingleFunctions, { proxy, timeout, allowUnauthorizedCerts }: RequestOptionsParameter): Partial<IHttpRequestOptions> {
	const options: Partial<IHttpRequestOptions> = { timeout: timeout || 300_000 };
	if (allowUnauthorizedCerts) options.skipSslCertificateValidation = true;
	if (proxy) options.proxy = proxyOf(context, proxy);
	return options;
}

function proxyOf(context: IExecuteSingleFunctions, proxy: string): IHttpRequestOptions['proxy'] {
	let url: URL;
	try {
		url = new URL(proxy);
	} catch {
		throw new NodeOperationError(context.getNode(), 'The proxy is not valid', {
			itemIndex: context.getItemIndex(),
			description: `The proxy URL "${proxy}" cannot be read: give it as http://host:port`,
		});
	}
	return {
		host: url.hostname,
		port: Number(url.port),
		protocol: url.protocol.replace(/:$/, ''),
		...(url.username ? { auth: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } } : {}),
	};
}

/** The item's view of the node's context: what n8n's declarative engine hands each item's steps. */
function itemContext(context: IExecuteFunctions, itemIndex: number): IExecuteSingleFunctions {
	const item = context.getInputData()[itemIndex];
	const single: Partial<IExecuteSingleFunctions> = {
		getItemIndex: () => itemIndex,
		getInputData: () => item,
		getNodeParameter: ((name: string, fallback?: unknown, options?: IDataObject) =>
			context.getNodeParameter(name, itemIndex, fallback, options)) as IExecuteSingleFunctions['getNodeParameter'],
		getCredentials: (async (type: string) => await context.getCredentials(type, itemIndex)) as IExecuteSingleFunctions['getCredentials'],
		evaluateExpression: (expression: string, index = itemIndex) => context.evaluateExpression(expression, index),
	};
	return Object.assign(Object.create(context) as IExecuteSingleFunctions, single);
}

/**
 * A failed item's error as n8n's declarative engine throws it: an API error as it is, an expression that
 * cannot be evaluated as an operation error (the engine evaluates them before the item's steps), anything
 * else as an API error with its message and description.
 */
function itemError(context: IExecuteFunctions, reason: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	const error = reason as Error & { statusCode?: number; description?: string | null; isAxiosError?: boolean; response?: { status?: number } };
	if (error.statusCode === 429) error.message = "Try spacing your requests out using the batching settings under 'Options'";
	if (reason instanceof NodeApiError) {
		reason.context.itemIndex = itemIndex;
		return reason;
	}
	if (isExpressionError(error)) return new NodeOperationError(context.getNode(), error, { itemIndex });
	return new NodeApiError(context.getNode(), error as unknown as JsonObject, {
		itemIndex,
		message: error?.message,
		description: error?.description ?? undefined,
		httpCode: error?.isAxiosError && error.response ? String(error.response.status) : 'none',
	});
}

function isExpressionError(error: unknown): boolean {
	return error instanceof Error && error.name === 'ExpressionError';
}
