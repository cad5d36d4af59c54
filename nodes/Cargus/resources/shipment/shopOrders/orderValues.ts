import type { IDataObject } from 'n8n-workflow';

/*
 * What both shops' orders need read the same way: a value at a path, the street and number of an address line,
 * and the Order Reference that finds the order again.
 */

export type Refuse = (itemField: string, problem: string) => Error;

/** The value at `path` ("shipping.phone") of the order; undefined where the order has nothing there. */
export function at(order: IDataObject, path: string): unknown {
	let value: unknown = order;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

/** Text at `path`, trimmed; '' for nothing, null or an object. */
export function textAt(order: IDataObject, path: string): string {
	const value = at(order, path);
	return typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** The first text among `paths`; refused naming them all when none has one. */
export function firstText(order: IDataObject, paths: string[], refuse: Refuse, what: string): string {
	for (const path of paths) {
		const text = textAt(order, path);
		if (text !== '') return text;
	}
	throw refuse(paths.join(', '), `the order has no ${what}: ${paths.length > 1 ? 'each is' : 'it is'} empty. Complete the order in the shop, then run again`);
}

// Romanian addresses end in the number: "Strada Memorandumului 28", "Bd. Unirii nr. 15", "Calea Dorobanților 7/2".
const ENDS_IN_NUMBER = /^(.*?)[\s,]+(?:nr\.?\s*)?(\d+[a-z]?(?:[/-]\d*[a-z]?)?)$/i;

/** The street and the building number of an address line; a line that ends in no number is all street. */
export function streetAndNumber(line: string): { street: string; number: string } {
	const match = ENDS_IN_NUMBER.exec(line.trim());
	return match && match[1] !== '' ? { street: match[1], number: match[2] } : { street: line.trim(), number: '' };
}

/** The form's address values of an address: street and number from its first line, both lines as Address Text. */
export function addressValues(first: string, second: string): IDataObject {
	const { street, number } = streetAndNumber(first);
	return { recipientStreetId: street, buildingNumber: number, addressText: [first, second].filter((line) => line !== '').join(', ') };
}

/**
 * The Order Reference of a shop's order: what finds the order again (its id) and what its customer knows it by (its
 * number). `woo-5127` when the number is the id (the reference shops used before the number was added), else
 * `woo-5127-2026-0042`. The reference is also Create's once-per-order key, so it stays the same for an order.
 */
export function orderReference(prefix: string, id: string, number: string): string {
	return number === '' || number === id ? `${prefix}-${id}` : `${prefix}-${id}-${number}`;
}

/** The reference's prefix: the item's `referencePrefix` (one per store on the same Cargus account), else the shop's. */
export function prefixOf(item: IDataObject, shopPrefix: string): string {
	const given = typeof item.referencePrefix === 'string' ? item.referencePrefix.trim() : '';
	return given === '' ? shopPrefix : given;
}

/** An amount the order keeps as text ("249.90") or a number; refused naming its field when it is neither. */
export function amountAt(order: IDataObject, path: string, refuse: Refuse, what: string): number {
	const value = at(order, path);
	const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
	if (!Number.isFinite(amount) || amount < 0) throw refuse(path, `${value === undefined || value === null || value === '' ? 'the order has none' : `"${String(value)}" is not an amount`}: ${what}`);
	return amount;
}
