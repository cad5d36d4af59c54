import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { isShipAndGoMatch, SHIP_AND_GO_POINTS_PATH, type ShipAndGoFilter } from '../../shared/places/shipAndGo';
import { chosenId, formParameter, lookup } from './lookup';

/** Form parameters that narrow the list when they hold a value: a county, a locality, a cash-on-delivery amount. */
export interface ShipAndGoFormFilter {
	countyParameter?: string;
	localityParameter?: string;
	/** An amount field: above 0, only the points where the customer can pay cash on delivery. */
	cashOnDeliveryParameter?: string;
}

function filterOf(context: ILoadOptionsFunctions, form: ShipAndGoFormFilter, search?: string): ShipAndGoFilter {
	const read = (path?: string) => (path === undefined ? undefined : formParameter(context, path));
	const amount = Number(read(form.cashOnDeliveryParameter));
	return {
		search,
		countyId: chosenId(read(form.countyParameter)),
		localityId: chosenId(read(form.localityParameter)),
		cashOnDeliveryOnly: Number.isFinite(amount) && amount > 0,
	};
}

/**
 * A searchable list of Ship & Go points (GET /api/PudoPoints) for a resource locator: the points whose ID, name, city,
 * county, street or postal code hold every word typed ("Cluj Memorandumului", "Brasov", "114076"), by county, city and
 * name, narrowed by what the form already holds (`form`). Give the field `loadOptionsDependsOn` those parameters.
 */
export function shipAndGoSearchOf(form: ShipAndGoFormFilter = {}) {
	return async function (this: ILoadOptionsFunctions, search?: string): Promise<INodeListSearchResult> {
		const filter = filterOf(this, form, search);
		const { rows, shown } = await lookup(this, 'Ship & Go points', SHIP_AND_GO_POINTS_PATH);
		const results = rows
			.filter((point) => point.Id !== undefined && point.Id !== null && isShipAndGoMatch(point, filter))
			.map((point) => {
				const street = [point.StreetName, point.StreetNo].map(shown).filter((part) => part !== '').join(' ');
				const place = [street, point.City, point.County].map(shown).filter((part) => part !== '').join(', ');
				const cash = point.ServiceCOD === true ? '' : ', no cash on delivery';
				return { name: `${shown(point.Name)} (${place}${cash})`, value: shown(point.Id), sortKey: `${shown(point.County)}|${shown(point.City)}|${shown(point.Name)}` };
			})
			.sort((a, b) => a.sortKey.localeCompare(b.sortKey))
			.map(({ name, value }) => ({ name, value }));
		return { results };
	};
}

/** Every Ship & Go point, searched by what the user types. */
export const searchShipAndGoPoints = shipAndGoSearchOf();

/** The point a Ship & Go shipment goes to (Shipment › Create): with cash on delivery, only the points that take it. */
export const searchDeliveryShipAndGoPoints = shipAndGoSearchOf({ cashOnDeliveryParameter: 'cashOnDelivery' });
