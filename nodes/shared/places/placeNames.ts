/*
 * Place names as shops store them and customers type them, compared with Cargus' own: without diacritics (both
 * the comma and the cedilla forms), case, punctuation, "Mun."/"Oras"/"Com." prefixes, and Bucharest's sectors.
 */

/** Lower case, no diacritics, words of letters and digits separated by one space. */
export function plainName(text: unknown): string {
	return String(text ?? '')
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, ' ')
		.trim();
}

const KIND_OF_PLACE = /^(?:municipiul|municipiu|mun|orasul|oras|or|comuna|com|satul|sat|localitatea|loc|judetul|judet|jud)\s+/;

/** A typed place name as compared: plain, without the kind of place written before it ("Mun. Cluj-Napoca"). */
export function typedName(text: unknown): string {
	let name = plainName(text);
	for (let stripped = name.replace(KIND_OF_PLACE, ''); stripped !== name && stripped !== ''; stripped = name.replace(KIND_OF_PLACE, '')) name = stripped;
	return name;
}

export const BUCHAREST = 'bucuresti';

/**
 * Bucharest written any way ("București", "Bucharest", "Bucuresti Sector 3", "Sectorul 3", "S3"): its sector (0 for
 * the city as a whole); undefined for any other place.
 */
export function bucharestSector(typed: string): number | undefined {
	const match = /^(?:(?:bucuresti|bucharest|buc)\s*)?(?:(?:sectorul|sector|sect|sec|s)\s*([1-6]))?$/.exec(typed);
	if (!match || typed === '') return undefined;
	if (match[1] === undefined && !/^(?:bucuresti|bucharest|buc)$/.test(typed)) return undefined;
	return match[1] === undefined ? 0 : Number(match[1]);
}

/** How many single-letter edits make one name the other (Levenshtein). */
export function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
		}
		previous = current;
	}
	return previous[b.length];
}

/** The `count` names closest to a typed one: the fewest edits, then those that begin alike. */
export function closestNames<T>(typed: string, candidates: T[], keysOf: (candidate: T) => string[], count = 3): T[] {
	const scored = candidates.map((candidate) => {
		const keys = keysOf(candidate);
		const distance = Math.min(...keys.map((key) => editDistance(typed, key) - (key.startsWith(typed) || typed.startsWith(key) ? 0.5 : 0)));
		return { candidate, distance };
	});
	return scored.sort((a, b) => a.distance - b.distance).slice(0, count).map(({ candidate }) => candidate);
}

/** "A", "A or B", "A, B or C". */
export function oneOf(names: string[]): string {
	return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** A locality's name as compared between a shop's text and Cargus' lists: a sector of Bucharest is Bucharest. */
export function placeKey(text: unknown): string {
	const typed = typedName(text);
	return bucharestSector(typed) === undefined ? typed : BUCHAREST;
}
