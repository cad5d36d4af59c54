import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	NodeApiError,
} from 'n8n-workflow';

import { isEmptyAnswer } from '../answers/answer';
import { BARCODE } from '../values/barcodes';
import { parameterOf } from '../form/itemParameters';
import { errorInBody, errorOf, nodeError, unexpectedAnswer } from '../transport/errors';
import { isToolNode } from '../values/toolArguments';
import { isPdf } from '../values/pdf';
import { isRecord } from '../values/values';

type Output = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

export const BINARY_PROPERTY_PARAMETER = 'options.binaryPropertyName';

/** A 200 whose body is an error in disguise ({"Error": ...} or a list of them). */
function failOnErrorBody(context: IExecuteSingleFunctions, body: unknown): void {
	const explanation = errorInBody(body);
	if (explanation !== undefined) throw errorOf(context, explanation);
}

function unexpected(context: IExecuteSingleFunctions, body: unknown, expected: string): NodeApiError {
	return errorOf(context, unexpectedAnswer(body, expected));
}

/** Keys of a message rather than a record ({"Error"}, ASP.NET's {"Message"}, a gateway's): such an object is never a list of one. */
const MESSAGE_KEYS = new Set(['error', 'message', 'exceptionmessage']);

function isLoneRecord(body: unknown): body is IDataObject {
	return isRecord(body) && Object.keys(body).length > 0 && !Object.keys(body).some((key) => MESSAGE_KEYS.has(key.toLowerCase()));
}

/**
 * A list of records becomes one item per record; a lone record, which Cargus answers for a list of one
 * (OpenCart reads `GET /api/Orders` both ways), one item; 204 or an empty list gives no item.
 */
export const oneItemPerElement: Output = async function (this, _items, response) {
	if (isEmptyAnswer(response)) return [];
	const { body } = response;
	failOnErrorBody(this, body);
	const records: unknown = isLoneRecord(body) ? [body] : body;
	if (!Array.isArray(records) || !records.every(isRecord)) throw unexpected(this, body, 'a list of records');
	return records.map((json) => ({ json }));
};

/** One record, recognised by its `key` field, becomes one item; 204 gives no item. */
export function oneRecordWith(key: string): Output {
	return async function (this, _items, response) {
		if (isEmptyAnswer(response)) return [];
		const { body } = response;
		failOnErrorBody(this, body);
		if (!isRecord(body) || !(key in body)) {
			throw unexpected(this, body, `a record with ${key}`);
		}
		return [{ json: body }];
	};
}

/**
 * For operations that read one thing by its ID or barcode: Cargus answering nothing (204) is an error
 * that names what was asked for, so a workflow never stops silently.
 */
export function orFailWith(output: Output, notFound: (this: IExecuteSingleFunctions) => string): Output {
	return async function (this, items, response) {
		const result = await output.call(this, items, response);
		if (result.length > 0) return result;
		throw nodeError(this, {
			message: notFound.call(this),
			description: 'Check the value in the node. To let the workflow go on without it, set the node\'s Settings › On Error to Continue.',
		});
	};
}

type Scalar = 'number' | 'string' | 'boolean' | 'barcode' | 'token';

const TOKEN = /^[\w.~+/=-]{16,8192}$/;

/** A scalar answer becomes one item with a named key, e.g. {"OrderId": 123}; any other shape is an error. */
export function valueAs(key: string, type: Scalar): Output {
	return async function (this, _items, response) {
		if (isEmptyAnswer(response)) return [];
		const value = scalarOf(response.body, type);
		if (value === undefined) throw unexpected(this, response.body, `a ${type}`);
		return [{ json: { [key]: value } }];
	};
}

function scalarOf(body: unknown, type: Scalar): string | number | boolean | undefined {
	const raw = typeof body === 'string' ? body.trim().replace(/^"|"$/g, '') : body;
	if (type === 'barcode') return (typeof raw === 'string' || typeof raw === 'number') && BARCODE.test(String(raw)) ? String(raw) : undefined;
	if (type === 'token') return typeof raw === 'string' && TOKEN.test(raw) ? raw : undefined;
	if (type === 'string') return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : undefined;
	if (type === 'number') {
		const value = typeof raw === 'string' ? Number(raw) : raw;
		return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
	}
	if (typeof raw === 'boolean') return raw;
	if (raw === 'true' || raw === 'false') return raw === 'true';
	return undefined;
}

/** What to do with a new AWB, by the operations' names, so that a person and an AI agent using the node as a tool read it alike. */
function afterCreate(barCode: string): string {
	return `Next: print its label with the Cargus operation "Get AWB PDF" (resource Document, barcode ${barCode}). The courier collects it when the pickup location's pickup is launched (operation "Launch", resource Pickup Order) or at the location's automatic end of day. Follow it with the operation "Track" (resource Shipment).`;
}

/** As an AI agent's tool, the operations Next names may be no tool of the agent's. */
const TOOL_NEXT = ' Without a tool for one of these, tell the user it is still to be done.';

/**
 * A created AWB (Awbs/WithGetAwb answers a list of AWB records; the document's Awbs a bare barcode): its barcode,
 * what Cargus charges for it, the return code or return AWB when one was asked, the order reference it carries,
 * and what to do next. Each as Cargus sent it.
 */
export const awbCreated: Output = async function (this, _items, response) {
	const record = createdRecordOf(response.body);
	const barCode = scalarOf(record === undefined ? response.body : record.BarCode, 'barcode');
	if (isEmptyAnswer(response) || barCode === undefined) {
		failOnErrorBody(this, response.body);
		throw unexpected(this, response.body, 'the new AWB\'s barcode');
	}
	const reference = String((parameterOf(this, 'additionalAwbFields', null) as { orderReference?: unknown } | null)?.orderReference ?? '').trim();
	const present = (key: string) => (record !== undefined && !isBlankValue(record[key]) ? { [key]: record[key] } : {});
	return [{
		json: {
			BarCode: barCode,
			...present('ShippingCost'),
			...present('ReturnCode'),
			...present('ReturnAwb'),
			...(reference === '' ? {} : { OrderReference: reference }),
			Next: `${afterCreate(String(barCode))}${isToolNode(this.getNode()) ? TOOL_NEXT : ''}`,
		},
	}];
};

/** The first AWB record of a WithGetAwb answer (a list, or one record), if the answer is one. */
function createdRecordOf(body: unknown): IDataObject | undefined {
	const first: unknown = Array.isArray(body) ? body[0] : body;
	return isRecord(first) && 'BarCode' in first ? first : undefined;
}

function isBlankValue(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Localities come grouped ([{Locality: [...], message}]): one item per locality. */
export const oneItemPerLocality: Output = async function (this, items, response) {
	const groups = await oneItemPerElement.call(this, items, response);
	return groups.flatMap(({ json }) => {
		const localities = json.Locality;
		if (!Array.isArray(localities)) return [{ json }];
		return localities.map((locality) => ({ json: locality as IDataObject }));
	});
};

export type FileNamer = (this: IExecuteSingleFunctions) => string;

/** A raw PDF stream becomes a binary file. */
export function pdfFile(fileName: FileNamer): Output {
	return async function (this, _items, response) {
		if (isEmptyAnswer(response)) return [];
		const bytes = Buffer.isBuffer(response.body) ? response.body : Buffer.from(String(response.body));
		if (!isPdf(bytes)) throw unexpected(this, bytes, 'a PDF');
		return [await fileItem(this, bytes, fileName.call(this))];
	};
}

/** A JSON string of base64 bytes becomes a binary file. */
export function base64File(fileName: FileNamer): Output {
	return async function (this, _items, response) {
		if (isEmptyAnswer(response)) return [];
		const text = typeof response.body === 'string' ? response.body.trim().replace(/^"|"$/g, '') : undefined;
		const bytes = text === undefined ? undefined : Buffer.from(text, 'base64');
		if (!bytes || bytes.length === 0 || !isPdf(bytes)) throw unexpected(this, response.body, 'a base64 PDF document');
		return [await fileItem(this, bytes, fileName.call(this))];
	};
}


async function fileItem(context: IExecuteSingleFunctions, bytes: Buffer, fileName: string): Promise<INodeExecutionData> {
	const property = String(context.getNodeParameter(BINARY_PROPERTY_PARAMETER, 'data') || 'data');
	const binary = await context.helpers.prepareBinaryData(bytes, fileName, 'application/pdf');
	return { json: { fileName, fileSize: bytes.length }, binary: { [property]: binary } };
}
