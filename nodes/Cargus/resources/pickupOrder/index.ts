import { resource } from '../../shared/operation';
import { get } from './get';
import { send } from './send';

export const pickupOrder = resource('Pickup Order', 'pickupOrder', [get, send]);
