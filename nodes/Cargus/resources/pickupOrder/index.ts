import { resource } from '../../../shared/run/operation';
import { cancel } from './cancel';
import { get } from './get';
import { getMany } from './getMany';
import { launch } from './launch';
import { send } from './send';

export const pickupOrder = resource('Pickup Order', 'pickupOrder', [cancel, get, getMany, launch, send], 'get');
