import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { create, createFields } from './create';

export const returnAwb: INodeProperties[] = [operationSelector('returnAwb', [create]), ...createFields];
