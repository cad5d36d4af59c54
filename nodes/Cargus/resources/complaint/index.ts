import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { save, saveFields } from './save';

export const complaint: INodeProperties[] = [operationSelector('complaint', [save]), ...saveFields];
