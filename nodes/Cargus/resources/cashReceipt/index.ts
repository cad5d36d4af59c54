import { resource } from '../../shared/operation';
import { createList } from './createList';

export const cashReceipt = resource('Cash Receipt', 'cashReceipt', [createList]);
