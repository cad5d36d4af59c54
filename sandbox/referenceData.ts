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

let cached: ReferenceData | undefined;

function load<T>(file: string): T {
	return JSON.parse(readFileSync(path.join(__dirname, 'data', file), 'utf8')) as T;
}

/** Real Cargus reference data (from Cargus' WooCommerce plugin), shipped in sandbox/data/. */
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
