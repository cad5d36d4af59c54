import { XMLParser } from 'fast-xml-parser';

/** XML request bodies larger than this are refused before parsing: ASP.NET's default request limit, as for JSON. */
export const MAX_XML_BYTES = 4 * 1024 * 1024;

/** Element names of array items inside objects, by the name of the array field. */
const ITEM_NAMES: Record<string, string> = {
	Event: 'TraceEvent',
	Locality: 'Locality',
	CashReceipts: 'CashReceipt',
};

const NAME_START = /^[A-Za-z_]/;

function elementName(name: string): string {
	const cleaned = name.replace(/[^A-Za-z0-9_.-]/g, '_');
	return NAME_START.test(cleaned) ? cleaned : `_${cleaned}`;
}

function escapeText(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function primitiveName(value: unknown): string {
	if (typeof value === 'boolean') return 'boolean';
	if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
	return 'string';
}

function element(name: string, value: unknown, itemName?: string): string {
	const tag = elementName(name);
	if (value === null || value === undefined) return `<${tag} />`;
	if (Array.isArray(value)) {
		const child = itemName ?? (value.length > 0 && typeof value[0] === 'object' ? 'item' : primitiveName(value[0]));
		return `<${tag}>${value.map((item) => element(child, item)).join('')}</${tag}>`;
	}
	if (typeof value === 'object') {
		const inner = Object.entries(value as Record<string, unknown>)
			.map(([key, child]) => element(key, child, ITEM_NAMES[key]))
			.join('');
		return `<${tag}>${inner}</${tag}>`;
	}
	return `<${tag}>${escapeText(String(value))}</${tag}>`;
}

/**
 * Serializes a response body the way ASP.NET Web API names things: arrays as `ArrayOf<Type>`
 * with `<Type>` items, primitives as `<int>`, `<string>`, `<boolean>`, objects under their type name.
 */
export function toXml(value: unknown, typeName?: string): string {
	const declaration = '<?xml version="1.0" encoding="utf-8"?>';
	if (Array.isArray(value)) {
		const item = typeName ?? (value.length > 0 && typeof value[0] === 'object' ? 'item' : primitiveName(value[0]));
		return `${declaration}<ArrayOf${item}>${value.map((entry) => element(item, entry)).join('')}</ArrayOf${item}>`;
	}
	if (value !== null && typeof value === 'object') return declaration + element(typeName ?? 'Result', value);
	return declaration + element(typeName ?? primitiveName(value), value);
}

const parser = new XMLParser({
	ignoreAttributes: true,
	removeNSPrefix: true,
	processEntities: false,
	htmlEntities: false,
	parseTagValue: false,
	parseAttributeValue: false,
	ignoreDeclaration: true,
	ignorePiTags: true,
	trimValues: true,
});

export class XmlBodyError extends Error {}

/** Parses an XML request body safely: no DTD, no entity expansion, bounded size. Returns the root's content. */
export function parseXmlBody(text: string): unknown {
	if (Buffer.byteLength(text) > MAX_XML_BYTES) throw new XmlBodyError(`XML body larger than ${MAX_XML_BYTES} bytes.`);
	if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlBodyError('XML with a DTD or entity declarations is not accepted.');
	if (text.trim() === '') return undefined;
	let parsed: unknown;
	try {
		parsed = parser.parse(text, true);
	} catch (error) {
		throw new XmlBodyError(`Invalid XML body: ${(error as Error).message.slice(0, 200)}`);
	}
	if (parsed === null || typeof parsed !== 'object') throw new XmlBodyError('Invalid XML body.');
	const roots = Object.values(parsed as Record<string, unknown>);
	if (roots.length !== 1) throw new XmlBodyError('Invalid XML body: expected one root element.');
	const root = roots[0];
	return root === '' ? {} : root;
}
