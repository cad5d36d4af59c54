import type { INodeExecutionData } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from '../form/listFields';
import { itemsOfAnswer, type Asking } from './asking';
import { requireAccount, sendToCargus } from '../transport/send';
import { yesNo } from '../values/values';
import { NARROW, withCutNote } from './listCut';

/** Pages through `itemsPerPage`/`pageNumber` (1-based) until a short page, a 204, or the limit. */
export const askPageByPage: Asking = async function (this, requestData, credentials) {
	requireAccount(this, credentials);
	const returnAll = yesNo(this.getNodeParameter('returnAll', false), false);
	const limit = returnAll ? Number.POSITIVE_INFINITY : Number(this.getNodeParameter('limit', 50));
	const requestedPageSize = Number(this.getNodeParameter('options.pageSize', MAX_PAGE_SIZE)) || MAX_PAGE_SIZE;
	const pageSize = Math.min(limit, requestedPageSize, MAX_PAGE_SIZE);
	const results: INodeExecutionData[] = [];
	let lastPageFull = false;
	for (let pageNumber = 1; results.length < limit; pageNumber++) {
		const qs = { ...requestData.options.qs, itemsPerPage: pageSize, pageNumber };
		const page = await itemsOfAnswer(this, requestData, await sendToCargus(this, { ...requestData.options, qs }, credentials));
		results.push(...page);
		lastPageFull = page.length >= pageSize;
		if (!lastPageFull) break;
	}
	const shown = results.slice(0, limit);
	return results.length > limit || (lastPageFull && !returnAll) ? withCutNote(this, shown, undefined, NARROW) : shown;
};

