import { AnswerError } from './answers';
import { parseBarcodeList } from './barcodes';
import { dayAround, parseServiceDate } from '../world/dates';
import { messageListError, modelStateError } from './errorBodies';
import type { OperationSpec, QueryReader } from './operation';
import { isObject, validateFields, type Schema } from './validation';

/** Shared input checks for the routes; each throws the operation's invalid-input answer. */

export function requireBody(body: unknown, spec: OperationSpec): Record<string, unknown> {
	if (isObject(body)) return body;
	const problem = body === undefined ? 'A request body is required.' : 'The request body must be an object.';
	throw new AnswerError(modelStateError(spec.invalidStatus, { request: [problem] }));
}

export function validateOrFail(body: Record<string, unknown>, schema: Schema, spec: OperationSpec, prefix = ''): Record<string, unknown> {
	const { value, errors } = validateFields(body, schema, prefix, spec.strict === true);
	if (Object.keys(errors).length > 0) throw new AnswerError(modelStateError(spec.invalidStatus, errors));
	return value;
}

export function failWith(spec: OperationSpec, ...messages: string[]): never {
	throw new AnswerError(messageListError(spec.invalidStatus, messages));
}

export function requiredQuery(query: QueryReader, name: string, spec: OperationSpec): string {
	const value = query.text(name);
	if (value === undefined) throw new AnswerError(modelStateError(spec.invalidStatus, { [name]: [`The ${name} parameter is required.`] }));
	return value;
}

export function intQuery(query: QueryReader, name: string, spec: OperationSpec, required: boolean): number | undefined {
	const text = required ? requiredQuery(query, name, spec) : query.text(name);
	if (text === undefined) return undefined;
	const value = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isInteger(value) || value < -2147483648 || value > 2147483647) {
		throw new AnswerError(modelStateError(spec.invalidStatus, { [name]: [`The value '${text.slice(0, 40)}' is not valid for ${name}: expected an integer.`] }));
	}
	return value;
}

export function dateQuery(query: QueryReader, name: string, spec: OperationSpec): number {
	const text = requiredQuery(query, name, spec);
	const value = parseServiceDate(text);
	if (value === undefined) {
		throw new AnswerError(modelStateError(spec.invalidStatus, { [name]: [`The value '${text.slice(0, 40)}' is not valid for ${name}: expected a date-time (RFC 3339).`] }));
	}
	return value;
}

/** FromDate and ToDate, both required; From after To lists nothing (refused only with `strictChecks`). */
export function dateRange(query: QueryReader, spec: OperationSpec): { from: number; to: number } {
	const from = dateQuery(query, 'FromDate', spec);
	const to = dateQuery(query, 'ToDate', spec);
	if (spec.strict && from > to) failWith(spec, 'FromDate trebuie sa fie inainte de ToDate (FromDate is after ToDate).');
	return { from, to };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** FromDate and ToDate as dateRange, but a ToDate given as a date alone covers that whole day (Bucharest). */
export function dayRange(query: QueryReader, spec: OperationSpec): { from: number; to: number } {
	const { from, to } = dateRange(query, spec);
	return { from, to: DATE_ONLY.test(query.text('ToDate') ?? '') ? dayAround(to).end : to };
}

export const DEFAULT_ITEMS_PER_PAGE = 50;

export interface Paging { pageNumber: number; itemsPerPage: number }

/**
 * pageNumber (1-based, default 1) and itemsPerPage (default 50) of a paged list. Cargus documents no largest page
 * (OpenCart asks `Orders` for 1,000 a page), so there is none unless the `maxItemsPerPage` setting sets one; a page
 * below 1 or of fewer than 1 item holds nothing (204), as a page past the end.
 */
export function pagingQuery(query: QueryReader, spec: OperationSpec, maxItemsPerPage: number | null): Paging {
	const itemsPerPage = intQuery(query, 'itemsPerPage', spec, false) ?? DEFAULT_ITEMS_PER_PAGE;
	const pageNumber = intQuery(query, 'pageNumber', spec, false) ?? 1;
	if (maxItemsPerPage !== null && itemsPerPage > maxItemsPerPage) failWith(spec, `itemsPerPage trebuie sa fie cel mult ${maxItemsPerPage}.`);
	return { pageNumber, itemsPerPage };
}

export function pageOf<T>(list: T[], { pageNumber, itemsPerPage }: Paging): T[] {
	if (pageNumber < 1 || itemsPerPage < 1) return [];
	return list.slice((pageNumber - 1) * itemsPerPage, pageNumber * itemsPerPage);
}

export function barcodesQuery(query: QueryReader, name: string, spec: OperationSpec, max?: number): string[] {
	const raw = query.value(name);
	if (raw === undefined || query.text(name) === undefined) {
		throw new AnswerError(modelStateError(spec.invalidStatus, { [name]: [`The ${name} parameter is required.`] }));
	}
	const parsed = parseBarcodeList(raw, name, spec.strict === true);
	if ('error' in parsed) failWith(spec, parsed.error);
	if (max !== undefined && parsed.barcodes.length > max) failWith(spec, `Parametrul ${name} accepta un singur cod de bare (${parsed.barcodes.length} primite).`);
	return parsed.barcodes;
}
