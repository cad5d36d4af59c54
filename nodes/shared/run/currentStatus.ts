import type { IExecuteSingleFunctions, INodeExecutionData, PostReceiveAction } from 'n8n-workflow';

import { withCurrentStatus } from '../cargus/trackingStatus';

/** With Simplify on, each shipment's item starts with its current status. */
export const currentStatusFirst: PostReceiveAction = async function (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (this.getNodeParameter('simplify', false) !== true) return items;
	return items.map((item) => ({ ...item, json: withCurrentStatus(item.json) }));
};
