import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { getCashOnDelivery, getCashOnDeliveryFields } from './getCashOnDelivery';
import { getStatus, getStatusFields } from './getStatus';
import { track, trackFields } from './track';
import { trackWithoutLogin, trackWithoutLoginFields } from './trackWithoutLogin';
import { trackWithStatus, trackWithStatusFields } from './trackWithStatus';

export const shipment: INodeProperties[] = [
	operationSelector('shipment', [getCashOnDelivery, getStatus, track, trackWithoutLogin, trackWithStatus], 'track'),
	...getCashOnDeliveryFields,
	...getStatusFields,
	...trackFields,
	...trackWithoutLoginFields,
	...trackWithStatusFields,
];
