/**
 * Any object graph as JSON and back, whatever fields it gains: Maps, Sets, arrays, dates, bytes and objects, an
 * object met twice written once (so two lists holding the same record still share it after a restore). Class
 * instances come back with their class when the object restored into holds one of that class at the same place.
 */
type Encoded = null | boolean | number | string | Encoded[] | { [key: string]: Encoded };

const PLAIN = [Object.prototype, Array.prototype, null];

/** The graph under `root` as JSON-ready data; a value found in `leaveOut` (and functions) is not written. */
export function snapshotOf(root: object, leaveOut: ReadonlySet<unknown> = new Set()): Encoded {
	const ids = new Map<object, number>();
	const encode = (value: unknown): Encoded | undefined => {
		if (typeof value === 'function' || typeof value === 'symbol' || value === undefined || leaveOut.has(value)) return undefined;
		if (typeof value === 'number') return Number.isFinite(value) ? value : { $number: String(value) };
		if (typeof value === 'bigint') return { $bigint: value.toString() };
		if (value === null || typeof value !== 'object') return value as Encoded;
		const seen = ids.get(value);
		if (seen !== undefined) return { $ref: seen };
		if (value instanceof Promise) return undefined;
		const id = ids.size;
		ids.set(value, id);
		const list = (items: Iterable<unknown>) => [...items].map((item) => encode(item) ?? null);
		if (value instanceof Date) return { $id: id, $date: value.getTime() };
		if (value instanceof Uint8Array) return { $id: id, $bytes: Buffer.from(value).toString('base64') };
		if (value instanceof Map) return { $id: id, $map: [...value].map(([key, item]) => [encode(key) ?? null, encode(item) ?? null]) };
		if (value instanceof Set) return { $id: id, $set: list(value) };
		if (Array.isArray(value)) return { $id: id, $array: list(value) };
		const fields: Record<string, Encoded> = {};
		for (const [key, item] of Object.entries(value)) {
			const encoded = encode(item);
			if (encoded !== undefined) fields[key] = encoded;
		}
		return { $id: id, $object: fields };
	};
	return encode(root) ?? null;
}

/**
 * Writes a snapshot back into `target` (the object it was taken of, or a new one of the same class): each field of the
 * snapshot replaces the target's; a field the snapshot lacks (a field added to the code since) keeps its value.
 */
export function restoreSnapshot(target: object, snapshot: Encoded): void {
	const made = new Map<number, unknown>();
	const decode = (encoded: Encoded, template: unknown): unknown => {
		if (encoded === null || typeof encoded !== 'object') return encoded;
		if (Array.isArray(encoded)) return encoded.map((item) => decode(item, undefined));
		if ('$ref' in encoded) return made.get(encoded.$ref as number);
		if ('$number' in encoded) return Number(encoded.$number);
		if ('$bigint' in encoded) return BigInt(encoded.$bigint as string);
		const id = encoded.$id as number;
		const keep = <T>(value: T): T => (made.set(id, value), value);
		if ('$date' in encoded) return keep(new Date(encoded.$date as number));
		if ('$bytes' in encoded) return keep(Buffer.from(encoded.$bytes as string, 'base64'));
		if ('$map' in encoded) {
			const map = keep(new Map<unknown, unknown>());
			for (const [key, item] of encoded.$map as Array<[Encoded, Encoded]>) map.set(decode(key, undefined), decode(item, undefined));
			return map;
		}
		if ('$set' in encoded) {
			const set = keep(new Set<unknown>());
			for (const item of encoded.$set as Encoded[]) set.add(decode(item, undefined));
			return set;
		}
		if ('$array' in encoded) {
			const array = keep([] as unknown[]);
			for (const item of encoded.$array as Encoded[]) array.push(decode(item, undefined));
			return array;
		}
		const prototype = template !== null && typeof template === 'object' && !PLAIN.includes(Object.getPrototypeOf(template) as object) ? (Object.getPrototypeOf(template) as object) : Object.prototype;
		const object = keep(Object.create(prototype) as Record<string, unknown>);
		fill(object, encoded.$object as Record<string, Encoded>, template as Record<string, unknown> | undefined);
		return object;
	};
	const fill = (object: Record<string, unknown>, fields: Record<string, Encoded>, template: Record<string, unknown> | undefined) => {
		for (const [key, item] of Object.entries(fields)) object[key] = decode(item, template?.[key]);
	};
	if (snapshot === null || typeof snapshot !== 'object' || Array.isArray(snapshot) || !('$object' in snapshot)) throw new Error('not a snapshot of an object');
	made.set(snapshot.$id as number, target);
	fill(target as Record<string, unknown>, snapshot.$object as Record<string, Encoded>, { ...target } as Record<string, unknown>);
}
