import { referenceData, type PudoPoint } from './referenceData';
import { findStreet, pointStreet } from './streets';

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

/** Opening hours: lockers (PointType 3) always open; shops 09:00-20:00 on weekdays, shorter on Saturday, closed on Sunday. */
function openingHours(point: PudoPoint): Record<string, string> {
	const hours: Record<string, string> = {};
	for (const day of DAYS) {
		const [start, end] = point.PointType === 3 ? ['00:00', '23:59'] : day === 'Su' ? ['', ''] : day === 'Sa' ? ['09:00', '14:00'] : ['09:00', '20:00'];
		hours[`OpenHours${day}Start`] = start;
		hours[`OpenHours${day}End`] = end;
	}
	return hours;
}

/** PaymentType: 1 no payment, 2 card only, 3 cash or card, 4 cash only; cash-on-delivery points take cash. */
function paymentType(point: PudoPoint): number {
	if (!point.ServiceCOD) return point.Id % 2 === 0 ? 1 : 2;
	return point.Id % 3 === 0 ? 4 : 3;
}

let cached: unknown[] | undefined;

/** What PudoPoints answers for every Ship & Go point of sandbox/world/data/pudo-points.json (fixed, not seed-dependent). */
export function shipAndGoPointViews(): unknown[] {
	if (cached) return cached;
	cached = referenceData().pudoPoints.map((point) => {
		const street = pointStreet(point);
		return {
			Id: point.Id,
			Name: point.Name,
			LocationId: 1,
			CityId: point.LocalityId,
			City: point.City,
			StreetId: street.name === '' ? 0 : findStreet(point.LocalityId, street.name)?.StreetId ?? 0,
			StreetName: street.name,
			StreetNo: street.number,
			ZoneId: 8000 + point.CountyId * 10 + (point.LocalityId % 10),
			PostalCode: point.PostalCode,
			AdditionalAddressInfo: '',
			Longitude: point.Longitude,
			Latitude: point.Latitude,
			PointType: point.PointType,
			...openingHours(point),
			PhoneNumber: '021 9330',
			ServiceCOD: point.ServiceCOD,
			PaymentType: paymentType(point),
			CountyId: point.CountyId,
			County: point.County,
			Email: '',
		};
	});
	return cached;
}
