import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { isEmptyAnswer, jsonBodyOf } from '../../../../shared/answers/answer';
import { BINARY_PROPERTY_PARAMETER } from '../../../../shared/run/output';
import { answeredWithError, errorOf, unexpectedAnswer } from '../../../../shared/transport/errors';
import { isPdf } from '../../../../shared/values/pdf';
import { isRecord } from '../../../../shared/values/values';

type Output = (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) => Promise<INodeExecutionData[]>;

/** No answer, or an empty list, once the body is read as JSON: no item. */
function isNothing(response: IN8nHttpFullResponse, body: unknown): boolean {
	return isEmptyAnswer({ statusCode: response.statusCode, body }) || (Array.isArray(body) && body.length === 0);
}

/** {"Error": …} or {"Message": …} (alone, or every element of a list): Cargus refusing in a 200. */
function refusalOf(body: unknown): string | undefined {
	const elements = Array.isArray(body) ? body : [body];
	const said = elements.map((element) => (isRecord(element) ? (element.Error ?? element.error ?? element.Message ?? element.message) : undefined));
	if (said.some((text) => typeof text !== 'string') || elements.some((element) => Object.keys(element as IDataObject).length > 2)) return undefined;
	return said.join('; ');
}

/**
 * Cargus' answer passed through, whatever its shape: each record of a list one item, a lone record one item, a
 * value (a bare string, a number, or one in a list) one item `{ [valueKey]: value }`; 204 or [] no item.
 */
export function eachElementOfTheAnswer(valueKey: string): Output {
	return async function (this, _items, response) {
		const body = jsonBodyOf(response);
		if (isNothing(response, body)) return [];
		const refusal = refusalOf(body);
		if (refusal !== undefined) throw errorOf(this, answeredWithError(refusal));
		return (Array.isArray(body) ? body : [body]).map((element) => ({ json: isRecord(element) ? element : { [valueKey]: element as IDataObject[string] } }));
	};
}

const IMAGE_TYPES: Array<{ mimeType: string; extension: string; is: (bytes: Buffer) => boolean }> = [
	{ mimeType: 'image/jpeg', extension: 'jpg', is: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
	{ mimeType: 'image/png', extension: 'png', is: (bytes) => bytes.subarray(0, 8).toString('latin1') === '\x89PNG\r\n\x1a\n' },
	{ mimeType: 'image/gif', extension: 'gif', is: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'GIF8' },
	{ mimeType: 'image/webp', extension: 'webp', is: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP' },
	{ mimeType: 'image/tiff', extension: 'tif', is: (bytes) => ['II*\x00', 'MM\x00*'].includes(bytes.subarray(0, 4).toString('latin1')) },
	{ mimeType: 'image/bmp', extension: 'bmp', is: (bytes) => bytes.subarray(0, 2).toString('latin1') === 'BM' },
	{ mimeType: 'application/pdf', extension: 'pdf', is: isPdf },
];

function pictureIn(value: unknown): { bytes: Buffer; mimeType: string; extension: string } | undefined {
	let bytes: Buffer | undefined;
	if (Buffer.isBuffer(value)) bytes = value;
	else if (typeof value === 'string' && /^[A-Za-z0-9+/=\s]+$/.test(value) && value.length >= 8) bytes = Buffer.from(value, 'base64');
	else if (isRecord(value)) return Object.values(value).map(pictureIn).find((found) => found !== undefined);
	if (!bytes || bytes.length === 0) return undefined;
	const type = IMAGE_TYPES.find((candidate) => candidate.is(bytes));
	return type ? { bytes, mimeType: type.mimeType, extension: type.extension } : undefined;
}

/**
 * The delivery confirmation picture: the raw image, or base64 in a JSON string, or the first record of a list
 * holding it in a field; named `delivery-<barcode>.<type>` with the MIME type its bytes show. None: no item.
 */
export const deliveryPicture: Output = async function (this, _items, response) {
	const barcode = String(this.getNodeParameter('barcode'));
	const raw = response.body;
	const body = Buffer.isBuffer(raw) && IMAGE_TYPES.some((type) => type.is(raw)) ? raw : jsonBodyOf(response);
	// No picture (204, JSON null): the asking says why, from the AWB's trace (deliveryPicture/whyNoPicture.ts).
	if (isNothing(response, body)) return [];
	const picture = pictureIn(Array.isArray(body) ? body[0] : body);
	if (!picture) throw errorOf(this, unexpectedAnswer(body, 'a delivery picture'));
	const fileName = `delivery-${barcode}.${picture.extension}`;
	const property = String(this.getNodeParameter(BINARY_PROPERTY_PARAMETER, 'data') || 'data');
	const binary = await this.helpers.prepareBinaryData(picture.bytes, fileName, picture.mimeType);
	return [{ json: { barcode, fileName, mimeType: picture.mimeType, fileSize: picture.bytes.length }, binary: { [property]: binary } }];
};
