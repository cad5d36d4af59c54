import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { getMany, getManyFields } from './getMany';
import { getManyWithoutLogin, getManyWithoutLoginFields } from './getManyWithoutLogin';

export const locality: INodeProperties[] = [
	operationSelector('locality', [getMany, getManyWithoutLogin]),
	...getManyFields,
	...getManyWithoutLoginFields,
];
