import type { IN8nHttpFullResponse, IPollFunctions, JsonObject } from 'n8n-workflow';

import { errorInBody, unexpectedAnswer } from '../shared/transport/errors';
import { serviceMessageOf } from '../shared/cargus/serviceMessage';
import { requestError } from './requestError';

const LIST = 'a list';
const RECORD = 'a record';

/** The JSON list inside a response body ([] for 204 or an empty body), or an error saying why the body is not one. */
export function readList<Element>(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse): Element[] {
	const value = readJson(context, requestName, response, LIST);
	if (value === undefined) return [];
	if (Array.isArray(value) && errorInBody(value) === undefined) return value as Element[];
	throw notWhatWasAsked(context, requestName, response, value, LIST);
}

/** The JSON object inside a response body (undefined for 204 or an empty body), or an error saying why the body is not one. */
export function readObject(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse): JsonObject | undefined {
	const value = readJson(context, requestName, response, RECORD);
	if (value === undefined) return undefined;
	if (value !== null && typeof value === 'object' && !Array.isArray(value) && serviceMessageOf(value) === undefined) return value as JsonObject;
	throw notWhatWasAsked(context, requestName, response, value, RECORD);
}

function readJson(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse, expected: string): unknown {
	const statusCode = Number(response.statusCode ?? 200);
	const body = response.body;
	if (statusCode === 204 || body === undefined || body === null || body === '') return undefined;
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		throw notWhatWasAsked(context, requestName, response, body, expected);
	}
}

function notWhatWasAsked(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse, value: unknown, expected: string) {
	const explanation = errorInBody(value) ?? unexpectedAnswer(value, expected);
	return requestError(context, requestName, { ...explanation, httpCode: String(response.statusCode ?? 200) });
}
