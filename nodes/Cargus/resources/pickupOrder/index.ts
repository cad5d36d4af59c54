import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { get, getFields } from './get';
import { send, sendFields } from './send';

export const pickupOrder: INodeProperties[] = [operationSelector('pickupOrder', [get, send]), ...getFields, ...sendFields];
