import { resource } from '../../../shared/run/operation';
import { createList } from './createList';

export const cashReceipt = resource('Cash Receipt', 'cashReceipt', [createList]);
