import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { getDocument, getDocumentFields } from './getDocument';
import { getMany, getManyFields } from './getMany';
import { getPdf, getPdfFields } from './getPdf';

export const invoice: INodeProperties[] = [
	operationSelector('invoice', [getDocument, getMany, getPdf], 'getMany'),
	...getDocumentFields,
	...getManyFields,
	...getPdfFields,
];
