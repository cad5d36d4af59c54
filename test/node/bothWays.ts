import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { DirectoryLoader } from 'n8n-core';
import type { ExecutionError, ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { CARGUS_NODE_TYPE, createEngine, type Engine } from '../helpers/engine';

/** The two ways n8n runs the Cargus node: its customOperations in a workflow, its routing (declarative engine) as a tool. */
export type Way = 'custom' | 'routed';
export const WAYS: readonly Way[] = ['custom', 'routed'];

/** The node as n8n's engine routes it when it has no custom operation for it (as test/node/routedPath.test.ts). */
function routedOnly(): INodeType {
	const node = new Cargus();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(node);
	return Object.assign(node, { customOperations: undefined });
}

export function engineOf(way: Way, credential: ICredentialDataDecryptedObject): Engine {
	return way === 'custom' ? createEngine({ credential }) : createEngine({ credential, nodeTypes: { [CARGUS_NODE_TYPE]: routedOnly() } });
}

export interface SeenError {
	message: string;
	description?: string | null;
	httpCode?: string | null;
	itemIndex?: number;
}

export interface SeenItem {
	json: IDataObject;
	binary?: Record<string, { fileName?: string; mimeType: string; fileSize?: string }>;
	error?: SeenError;
	pairedItem?: unknown;
}

/** One request as Cargus received it (the sandbox's log, the password redacted) and the status it was answered. */
export interface SentRequest {
	method: string;
	operation: string;
	query: Record<string, unknown>;
	body?: unknown;
	status: number;
}

/** What a flow sees of one execution: its items, or the error that stopped the node; and what was sent to Cargus. */
export interface Outcome {
	items: SeenItem[];
	error?: SeenError;
	/** In a stable order (items run at once): sorted. */
	sent?: SentRequest[];
}

/** The requests of a run, in a stable order. */
export function sentOf(requests: SentRequest[]): SentRequest[] {
	const sent = requests.map(({ method, operation, query, body, status }) => ({ method, operation, query, ...(body === undefined ? {} : { body }), status }));
	return sent.map((request) => [JSON.stringify(request), request] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, request]) => request);
}

function seenError(error: ExecutionError | Error): SeenError {
	const fields = error as unknown as { description?: string | null; httpCode?: string | null; context?: { itemIndex?: number }; itemIndex?: number };
	return {
		message: error.message,
		description: fields.description ?? null,
		httpCode: fields.httpCode ?? null,
		...((fields.context?.itemIndex ?? fields.itemIndex) === undefined ? {} : { itemIndex: fields.context?.itemIndex ?? fields.itemIndex }),
	};
}

export function outcomeOf(items: INodeExecutionData[], error: ExecutionError | undefined): Outcome {
	return {
		items: items.map((item) => ({
			json: item.json,
			...(item.binary ? { binary: Object.fromEntries(Object.entries(item.binary).map(([key, file]) => [key, { fileName: file.fileName, mimeType: file.mimeType, fileSize: file.fileSize }])) } : {}),
			...(item.error ? { error: seenError(item.error) } : {}),
			pairedItem: item.pairedItem,
		})),
		...(error ? { error: seenError(error) } : {}),
	};
}

/**
 * Replaces what differs between runs by stable placeholders: the run's base URL by <Cargus URL>, a login token by
 * <token>, and each of `made` (what the run's preparation created: an AWB's barcode, an order's id) by its name.
 */
export function normalised<T>(outcome: T, baseUrl: string, made: Array<[string, string]> = []): T {
	const text = (value: string) => made.reduce((replaced, [from, to]) => replaced.split(from).join(to), value.split(baseUrl).join('<Cargus URL>'));
	const walk = (value: unknown, key?: string): unknown => {
		if (key === 'token' && typeof value === 'string') return '<token>';
		if (typeof value === 'string') return text(value);
		if (typeof value === 'number') return made.find(([from]) => from === String(value))?.[1] ?? value;
		if (Array.isArray(value)) return value.map((element) => walk(element));
		if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, walk(field, name)]));
		return value;
	};
	return walk(outcome) as T;
}

export interface PrefixProxy {
	/** A base URL of its own for each run: http://127.0.0.1:<port>/run-<n>, forwarded to the target's /. */
	nextBaseUrl(): string;
	stop(): Promise<void>;
}

/**
 * Forwards `/run-<n>/...` to the target untouched (headers both ways, a reset as a reset). Each run gets a base URL of
 * its own, so nothing this process keeps per base URL (tokens, the rate limit's gates, the AWBs made per account)
 * reaches from one run into the next.
 */
export async function startPrefixProxy(target: string): Promise<PrefixProxy> {
	const server = http.createServer((request, response) => {
		const url = (request.url ?? '').replace(/^\/run-\d+/, '');
		const to = new URL(`${target}${url}`);
		const upstream = http.request(to, { method: request.method, headers: { ...request.headers, host: to.host } }, (answer) => {
			response.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(response);
			answer.on('error', () => response.destroy());
		});
		upstream.on('error', () => response.destroy());
		request.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	let runs = 0;
	return {
		nextBaseUrl: () => `http://127.0.0.1:${port}/run-${++runs}`,
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
