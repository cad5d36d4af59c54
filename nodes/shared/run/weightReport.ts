import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { weightReportOf } from '../form/weights';

/** The output step that adds `weightKg: { ordered, sent }` to each item when a weight was sent. */
export async function withWeight(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const report = weightReportOf(this);
	if (report === undefined) return items;
	return items.map((item) => ({ ...item, json: { ...item.json, weightKg: { ...report } } }));
}
