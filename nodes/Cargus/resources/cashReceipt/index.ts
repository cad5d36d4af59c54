import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { createList, createListFields } from './createList';

export const cashReceipt: INodeProperties[] = [operationSelector('cashReceipt', [createList]), ...createListFields];
