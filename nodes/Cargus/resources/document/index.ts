import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operation';
import { getAwbPdf, getAwbPdfFields } from './getAwbPdf';
import { getOrderDocuments, getOrderDocumentsFields } from './getOrderDocuments';

export const document: INodeProperties[] = [
	operationSelector('document', [getAwbPdf, getOrderDocuments]),
	...getAwbPdfFields,
	...getOrderDocumentsFields,
];
