import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface County { CountyId: number; Name: string; Abbreviation: string }
export interface LocalityRecord { LocalityId: number; Name: string; CountyId: number; CountyName: string; PostalCodes: string[] }
export interface PudoPoint {
	Id: number; Symbol: string; Name: string; LocalityId: number; City: string; CountyId: number; County: string;
	PostalCode: string; Address: string; Latitude: number; Longitude: number; PointType: number; ServiceCOD: boolean;
}

export interface ReferenceData {
	counties: County[];
	localities: LocalityRecord[];
	pudoPoints: PudoPoint[];
	localityById: Map<number, LocalityRecord>;
	countyById: Map<number, County>;
}

/** One of the 1,928 real Ship & Go points, as far as a collection-point pickup location needs it. */
export type Minihub = Pick<PudoPoint, 'Id' | 'Symbol' | 'LocalityId' | 'PostalCode' | 'Address'>;

let cached: ReferenceData | undefined;
let cachedMinihubs: Map<string, Minihub> | undefined;

function load<T>(file: string): T {
	return JSON.parse(readFileSync(path.join(__dirname, 'data', file), 'utf8')) as T;
}

/** Real Cargus reference data (from Cargus' WooCommerce plugin), shipped in sandbox/world/data/. */
export function referenceData(): ReferenceData {
	if (cached) return cached;
	const counties = load<County[]>('counties.json');
	const localities = load<LocalityRecord[]>('localities.json');
	const pudoPoints = load<PudoPoint[]>('pudo-points.json');
	cached = {
		counties,
		localities,
		pudoPoints,
		localityById: new Map(localities.map((l) => [l.LocalityId, l])),
		countyById: new Map(counties.map((c) => [c.CountyId, c])),
	};
	return cached;
}

/**
 * Every real Ship & Go point (sandbox/world/data/minihubs.json, all 1,928 of Cargus' WooCommerce plugin), keyed by its
 * symbol in lower case and by its numeric id: the `MinihubId` values the service knows.
 */
export function findMinihub(id: string): Minihub | undefined {
	if (!cachedMinihubs) {
		cachedMinihubs = new Map();
		for (const point of load<Minihub[]>('minihubs.json')) {
			cachedMinihubs.set(point.Symbol.toLowerCase(), point);
			cachedMinihubs.set(String(point.Id), point);
		}
	}
	return cachedMinihubs.get(id.trim().toLowerCase());
}
