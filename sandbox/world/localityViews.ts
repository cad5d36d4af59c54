import { referenceData, type LocalityRecord } from './referenceData';

export interface LocalityView {
	LocalityId: number;
	Name: string;
	ParentId: number;
	ParentName: string;
	ExtraKm: number;
	InNetwork: boolean;
	CountyId: number;
	CountryId: number;
	PostalCode: string;
	MaxHour: string;
	SaturdayDelivery: boolean;
}

let cached: Map<number, LocalityView> | undefined;

/** The county seat stands in for the parent: the locality of the county with the most postal codes. */
function countySeats(localities: LocalityRecord[]): Map<number, LocalityRecord> {
	const seats = new Map<number, LocalityRecord>();
	for (const locality of localities) {
		const seat = seats.get(locality.CountyId);
		if (!seat || locality.PostalCodes.length > seat.PostalCodes.length) seats.set(locality.CountyId, locality);
	}
	return seats;
}

/** Locality records with the service's extra fields filled plausibly (fixed, not seed-dependent). */
export function localityViews(): Map<number, LocalityView> {
	if (cached) return cached;
	const { localities } = referenceData();
	const seats = countySeats(localities);
	cached = new Map();
	for (const locality of localities) {
		const seat = seats.get(locality.CountyId);
		const isSeat = seat?.LocalityId === locality.LocalityId;
		const hash = locality.LocalityId % 97;
		cached.set(locality.LocalityId, {
			LocalityId: locality.LocalityId,
			Name: locality.Name,
			ParentId: isSeat || !seat ? 0 : seat.LocalityId,
			ParentName: isSeat || !seat ? '' : seat.Name,
			ExtraKm: isSeat || hash % 5 !== 0 ? 0 : hash % 40,
			InNetwork: isSeat || hash % 23 !== 0,
			CountyId: locality.CountyId,
			CountryId: 1,
			PostalCode: locality.PostalCodes[0] ?? '',
			MaxHour: isSeat ? '18:00' : '16:00',
			SaturdayDelivery: isSeat || hash % 3 === 0,
		});
	}
	return cached;
}
