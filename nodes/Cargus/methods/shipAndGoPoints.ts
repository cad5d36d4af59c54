import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { isShipAndGoMatch } from '../shared/shipAndGo';
import { lookup } from './lookup';

/**
 * The Ship & Go points (GET /api/PUDO_Get) whose ID, name, city, county, street or postal code hold every
 * word typed, by county, city and name: "Cluj Memorandumului", "Brasov", "114076".
 */
export async function searchShipAndGoPoints(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const { rows, shown } = await lookup(this, 'Ship & Go points', '/api/PUDO_Get');
	const results = rows
		.filter((point) => point.Id !== undefined && point.Id !== null && isShipAndGoMatch(point, { search: filter }))
		.map((point) => {
			const street = [point.StreetName, point.StreetNo].map(shown).filter((part) => part !== '').join(' ');
			const place = [street, point.City, point.County].map(shown).filter((part) => part !== '').join(', ');
			const cash = point.ServiceCOD === true ? '' : ', no cash on delivery';
			return { name: `${shown(point.Name)} (${place}${cash})`, value: shown(point.Id), sortKey: `${shown(point.County)}|${shown(point.City)}|${shown(point.Name)}` };
		})
		.sort((a, b) => a.sortKey.localeCompare(b.sortKey))
		.map(({ name, value }) => ({ name, value }));
	return { results };
}
