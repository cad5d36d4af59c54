import type { IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { countiesLike, countyNamed } from '../../../../shared/places/counties';
import { oneOf } from '../../../../shared/places/placeNames';
import { refuse } from '../../../../shared/values/refusal';

/**
 * The county of a locality list given by its name or code from an expression or a model ("CJ", "Cluj"), sent as
 * Cargus' County ID; one no county has is refused before asking, with the closest. `label` names the field.
 */
export function countyByName(label: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const given = options.qs?.countyId;
		if (typeof given !== 'string') return options;
		const county = countyNamed(given);
		if (county === undefined) {
			throw refuse(this, label, `"${given}" is not a county Cargus knows: give its name or its code (CJ; B for Bucharest). The closest: ${oneOf(countiesLike(given))}`);
		}
		options.qs = { ...options.qs, countyId: county.id };
		return options;
	};
}
