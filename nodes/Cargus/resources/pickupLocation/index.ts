import { resource } from '../../../shared/run/operation';
import { createCollectionPoint } from './createCollectionPoint';
import { getMany } from './getMany';
import { update } from './update';

export const pickupLocation = resource('Pickup Location', 'pickupLocation', [createCollectionPoint, getMany, update]);
