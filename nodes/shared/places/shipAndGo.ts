import type { IDataObject } from 'n8n-workflow';

/** Text compared without case or Romanian diacritics: "Brasov" finds "Brașov". */
export function comparable(text: unknown): string {
	return String(text ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Where every shop plugin reads the points; `PUDO_Get` is only the method's name in Cargus' document. */
export const SHIP_AND_GO_POINTS_PATH = '/api/PudoPoints';

export interface ShipAndGoFilter {
	countyId?: number;
	localityId?: number;
	cashOnDeliveryOnly?: boolean;
	/** Words that must all appear in the point's ID, name, city, county, street or postal code. */
	search?: string;
}

/** Whether a point of the list passes the filter. */
export function isShipAndGoMatch(point: IDataObject, filter: ShipAndGoFilter): boolean {
	if (filter.countyId !== undefined && Number(point.CountyId) !== filter.countyId) return false;
	if (filter.localityId !== undefined && Number(point.CityId) !== filter.localityId) return false;
	if (filter.cashOnDeliveryOnly && point.ServiceCOD !== true) return false;
	const words = comparable(filter.search).split(/\s+/).filter((word) => word !== '');
	if (words.length === 0) return true;
	const haystack = comparable([point.Id, point.Name, point.City, point.County, point.StreetName, point.StreetNo, point.PostalCode].join(' '));
	return words.every((word) => haystack.includes(word));
}
