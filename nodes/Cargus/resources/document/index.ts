import { resource } from '../../../shared/run/operation';
import { getAwbPdf } from './getAwbPdf';
import { getOrderDocuments } from './getOrderDocuments';
import { getPickupOrderSummary } from './getPickupOrderSummary';

export const document = resource('Document', 'document', [getAwbPdf, getOrderDocuments, getPickupOrderSummary]);
