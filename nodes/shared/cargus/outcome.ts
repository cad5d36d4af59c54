/**
 * What happened to a parcel, in one word a flow branches on, from a tracking event's id and Cargus' text together.
 * Cargus publishes no list of its events: the ids and texts are a large Romanian retailer's list of UrgentCargus
 * events used in production (docs/trigger.md, "What happened"). The text decides where it says what happened (a text
 * that says "refuz" is a refusal whatever its id); the id decides where the text says nothing known.
 */
export const OUTCOMES = [
	'delivered',
	'delivered damaged',
	'partly delivered',
	'not at home',
	'wrong address',
	'not delivered',
	'refused',
	'returned',
	'lost',
	'out for delivery',
	'in transit',
	'picked up',
	'on hold',
	'other',
] as const;

export type Outcome = (typeof OUTCOMES)[number];

/** Cargus' words, checked in this order: the first that matches decides ("nelivrat" before "livrat"). */
const BY_TEXT: ReadonlyArray<readonly [RegExp, Outcome]> = [
	[/refuz/, 'refused'],
	[/returnat|returnare|\bretur\b/, 'returned'],
	[/nelivrat|se asteapta ridicarea|stationat/, 'not delivered'],
	[/livrat partial/, 'partly delivered'],
	[/livrat deteriorat/, 'delivered damaged'],
	[/\blivrat/, 'delivered'],
	[/negasit la domiciliu|inchis la sosirea|destinatar absent/, 'not at home'],
	[/adresa gresita|telefon gresit|destinatar mutat/, 'wrong address'],
	[/negasit|pierdut|distrus/, 'lost'],
	[/spre destinatar|in livrare/, 'out for delivery'],
	[/in asteptare|intarziat/, 'on hold'],
	[/ridicare din comanda|preluat/, 'picked up'],
	[/depozit|tranzit|sosire in centru|livrare stabilita|reprogramat/, 'in transit'],
];

function range(from: number, to: number): number[] {
	return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

const IDS: ReadonlyArray<readonly [Outcome, readonly number[]]> = [
	['delivered', [21]],
	['delivered damaged', [60, 64]],
	['partly delivered', [146]],
	['not at home', [108, 110, 111, 24, 27, 32, 34, 36]],
	['wrong address', [1, 2, 3, 4, 6, 8, 14, 18, 50, 52]],
	['not delivered', [38, 42, 44, 79, ...range(95, 106)]],
	['refused', [153, 158, 159, 161, 180, 181, 182, 185, 186]],
	['returned', [196, 197, 198]],
	['lost', [54, 89]],
	['out for delivery', [5]],
	['in transit', [10, 11, 149, 255, 20, 199]],
	['picked up', [70]],
	['on hold', [...range(114, 145), ...range(203, 216)]],
];

const BY_ID = new Map<number, Outcome>(IDS.flatMap(([outcome, ids]) => ids.map((id) => [id, outcome] as const)));

/** Lower case, without diacritics (ă â î ș ț, in both the comma and the cedilla forms). */
function plain(text: string): string {
	return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Cargus' texts are a few hundred at most: each is read once per process (a poll reads hundreds of thousands of events). */
const byTextSeen = new Map<string, Outcome | null>();
const TEXTS_KEPT = 2_000;

function outcomeOfText(description: string): Outcome | null {
	let outcome = byTextSeen.get(description);
	if (outcome !== undefined) return outcome;
	const text = plain(description);
	outcome = BY_TEXT.find(([pattern]) => pattern.test(text))?.[1] ?? null;
	if (byTextSeen.size >= TEXTS_KEPT) byTextSeen.clear();
	byTextSeen.set(description, outcome);
	return outcome;
}

/** What the event with this id and text means; `other` when neither is known (Cargus' words stay on the event). */
export function outcomeOf(eventId: unknown, description: unknown): Outcome {
	if (typeof description === 'string' && description.trim() !== '') {
		const outcome = outcomeOfText(description);
		if (outcome !== null) return outcome;
	}
	const id = typeof eventId === 'number' ? eventId : typeof eventId === 'string' && eventId.trim() !== '' ? Number(eventId) : NaN;
	return BY_ID.get(id) ?? 'other';
}

/** Whether a value is one of the outcome words. */
export function isOutcome(value: unknown): value is Outcome {
	return typeof value === 'string' && (OUTCOMES as readonly string[]).includes(value);
}

/** "not at home" as a name in a list: "Not at Home". */
export function outcomeName(outcome: Outcome): string {
	return outcome.replace(/\b(?!(?:at|for)\b)\w/g, (letter) => letter.toUpperCase());
}
