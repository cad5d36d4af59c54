import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_RATE_LIMIT_WAIT_SECONDS, patienceFor, type Patience } from './rateLimit';

/**
 * The node's Request Options: n8n puts its own (Batching, Ignore SSL Issues, Proxy, Timeout) in a declarative
 * node's `requestOptions` collection, and keeps the options declared here beside them.
 */
export const REQUEST_OPTIONS: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Rate Limit Wait (Seconds)',
			name: 'rateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: DEFAULT_RATE_LIMIT_WAIT_SECONDS,
			description:
				"How long in all an item may wait when Cargus' gateway answers that its rate limit is exceeded (HTTP 429), waiting as long as Cargus asks each time and then sending again. 0 fails the item at the first refusal. Waiting for the other items' turn does not count.",
		},
	],
};

interface ItemContext {
	getNodeParameter(name: string, fallback?: unknown): unknown;
	getExecutionCancelSignal?: () => AbortSignal | undefined;
}

const patienceByItem = new WeakMap<object, Patience>();

/** The item's patience, one for all the requests the item sends: the Rate Limit Wait of its Options. */
export function patienceOfItem(context: ItemContext): Patience {
	let patience = patienceByItem.get(context);
	if (patience === undefined) {
		patience = patienceFor(rateLimitWaitOf(context), signalOf(context));
		patienceByItem.set(context, patience);
	}
	return patience;
}

function rateLimitWaitOf(context: ItemContext): number {
	try {
		const seconds = Number(context.getNodeParameter('requestOptions.rateLimitWait', DEFAULT_RATE_LIMIT_WAIT_SECONDS));
		return Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_RATE_LIMIT_WAIT_SECONDS;
	} catch {
		// A dropdown's lookup has no item to read Options for.
		return DEFAULT_RATE_LIMIT_WAIT_SECONDS;
	}
}

function signalOf(context: ItemContext): AbortSignal | undefined {
	try {
		return typeof context.getExecutionCancelSignal === 'function' ? context.getExecutionCancelSignal() : undefined;
	} catch {
		return undefined;
	}
}
