import { referenceData, type PudoPoint } from './referenceData';

export interface Street { StreetId: number; Name: string; LocalityId: number }

/** Street names found in most Romanian localities; the sandbox gives each locality some of them. */
const COMMON_STREETS = [
	'Principala', 'Mihai Eminescu', 'Unirii', 'Libertatii', 'Republicii', 'Garii', 'Victoriei', '1 Decembrie 1918',
	'Avram Iancu', 'Stefan cel Mare', 'Mihai Viteazu', 'Independentei', 'Tudor Vladimirescu', 'Nicolae Balcescu',
	'Florilor', 'Morii', 'Scolii', 'Bisericii', 'Teilor', 'Trandafirilor', 'Primaverii', 'Ion Creanga',
	'George Cosbuc', 'Lalelelor', 'Salcamilor', 'Pacii', 'Zorilor', 'Viilor', 'Fabricii', 'Cuza Voda',
	'Alexandru Ioan Cuza', 'Decebal', 'Traian', 'Horea', 'Closca', 'Crisan', 'Mircea cel Batran', 'Vasile Alecsandri',
	'Liviu Rebreanu', 'Octavian Goga',
];

/** The street of a Ship & Go point's address ("City, Street, Nr. 12, Cod postal. 123456"), or '' when it names none. */
export function pointStreet(point: Pick<PudoPoint, 'Address'>): { name: string; number: string } {
	const parts = point.Address.split(',').map((part) => part.trim());
	const numberPart = parts.find((part) => part.startsWith('Nr.')) ?? '';
	const name = parts.length > 2 && !parts[1].startsWith('Nr.') ? parts[1] : '';
	return { name: /[a-z]/i.test(name) ? name : '', number: numberPart.slice(3).trim() };
}

let cached: { byLocality: Map<number, Street[]>; byId: Map<number, Street> } | undefined;

/**
 * Streets per locality (fixed, not seed-dependent): the streets of the locality's Ship & Go points, then common
 * names, more for larger localities (by their postal codes). Ids are numbered from 10001 in the data's order.
 */
function streets() {
	if (cached) return cached;
	const { localities, pudoPoints } = referenceData();
	const fromPoints = new Map<number, string[]>();
	for (const point of pudoPoints) {
		const { name } = pointStreet(point);
		if (name !== '') fromPoints.set(point.LocalityId, [...(fromPoints.get(point.LocalityId) ?? []), name]);
	}
	cached = { byLocality: new Map(), byId: new Map() };
	let nextId = 10001;
	for (const locality of localities) {
		const count = Math.min(COMMON_STREETS.length, 6 + 2 * locality.PostalCodes.length);
		const names = new Map<string, string>();
		for (const name of [...(fromPoints.get(locality.LocalityId) ?? []), ...COMMON_STREETS.slice(0, count)]) {
			if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
		}
		const list = [...names.values()].sort((a, b) => a.localeCompare(b, 'ro')).map((Name) => ({ StreetId: nextId++, Name, LocalityId: locality.LocalityId }));
		cached.byLocality.set(locality.LocalityId, list);
		for (const street of list) cached.byId.set(street.StreetId, street);
	}
	return cached;
}

/** The streets of a locality, undefined for a locality the sandbox does not know. */
export function streetsOf(localityId: number): Street[] | undefined {
	return streets().byLocality.get(localityId);
}

export function streetById(streetId: number): Street | undefined {
	return streets().byId.get(streetId);
}

/** The locality's street with that name (case-insensitive), if any. */
export function findStreet(localityId: number, name: string): Street | undefined {
	const wanted = name.trim().toLowerCase();
	return streetsOf(localityId)?.find((street) => street.Name.toLowerCase() === wanted);
}
