import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { createCollectionPoint, createCollectionPointFields } from './createCollectionPoint';
import { update, updateFields } from './update';

export const pickupLocation: INodeProperties[] = [
	operationSelector('pickupLocation', [createCollectionPoint, update]),
	...createCollectionPointFields,
	...updateFields,
];
