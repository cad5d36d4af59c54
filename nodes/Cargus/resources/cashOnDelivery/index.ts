import { resource } from '../../../shared/run/operation';
import { getMany } from './getMany';
import { getRepaid } from './getRepaid';

export const cashOnDelivery = resource('Cash on Delivery', 'cashOnDelivery', [getMany, getRepaid]);
