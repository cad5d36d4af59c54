import { resource } from '../../shared/operation';
import { createCollectionPoint } from './createCollectionPoint';
import { update } from './update';

export const pickupLocation = resource('Pickup Location', 'pickupLocation', [createCollectionPoint, update]);
