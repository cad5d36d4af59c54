import { resource } from '../../shared/operation';
import { getAwbPdf } from './getAwbPdf';
import { getOrderDocuments } from './getOrderDocuments';

export const document = resource('Document', 'document', [getAwbPdf, getOrderDocuments]);
