import type { IN8nHttpFullResponse, IPollFunctions, JsonObject } from 'n8n-workflow';

import { isEmptyAnswer, jsonBodyOf } from '../shared/answers/answer';
import { errorInBody, errorOf, unexpectedAnswer } from '../shared/transport/errors';
import { serviceMessageOf } from '../shared/cargus/serviceMessage';
import { isRecord } from '../shared/values/values';

const LIST = 'a list';
const RECORD = 'a record';

/** The JSON list inside a response body ([] for 204 or an empty body), or an error saying why the body is not one. */
export function readList<Element>(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse): Element[] {
	const value = readJson(response);
	if (value === undefined) return [];
	if (Array.isArray(value) && errorInBody(value) === undefined) return value as Element[];
	throw notWhatWasAsked(context, requestName, response, value, LIST);
}

/** The JSON object inside a response body (undefined for 204 or an empty body), or an error saying why the body is not one. */
export function readObject(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse): JsonObject | undefined {
	const value = readJson(response);
	if (value === undefined) return undefined;
	if (isRecord(value) && serviceMessageOf(value) === undefined) return value as JsonObject;
	throw notWhatWasAsked(context, requestName, response, value, RECORD);
}

/** The answer's JSON (text that is not JSON as it came, which no list or record is), or undefined for an empty answer. */
function readJson(response: IN8nHttpFullResponse): unknown {
	return isEmptyAnswer(response) ? undefined : jsonBodyOf(response);
}

function notWhatWasAsked(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse, value: unknown, expected: string) {
	const explanation = errorInBody(value) ?? unexpectedAnswer(value, expected);
	return errorOf(context, { ...explanation, httpCode: String(response.statusCode ?? 200) }, { poll: requestName });
}
