import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { logIn, logInFields } from './logIn';

export const account: INodeProperties[] = [operationSelector('account', [logIn]), ...logInFields];
