import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../values/values';

/**
 * The locality records of a Cargus answer, in either shape it comes in: grouped as the interface shows it
 * ([{ Locality: [...], message }]) or a flat list of localities, as the shop plugins read GET /api/Localities.
 */
export function localityRecords(body: unknown): IDataObject[] {
	return (Array.isArray(body) ? body : []).filter(isRecord).flatMap((entry) => ('Locality' in entry ? (Array.isArray(entry.Locality) ? entry.Locality.filter(isRecord) : []) : [entry]));
}
