import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { lookup, optionsOrReason } from './lookup';

/** The account's price tables (GET /api/PriceTables), by name. */
export async function getPriceTables(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await optionsOrReason(this, async () => {
		const { rows, shown } = await lookup(this, 'price tables', '/api/PriceTables');
		return rows
			.filter((table) => table.PriceTableId !== undefined && table.PriceTableId !== null)
			.map((table) => ({ name: shown(table.Name ?? table.PriceTableId), value: Number(table.PriceTableId) }))
			.sort((a, b) => a.name.localeCompare(b.name));
	});
}
