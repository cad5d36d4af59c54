import { resource } from '../../shared/operation';
import { getCashOnDelivery } from './getCashOnDelivery';
import { getStatus } from './getStatus';
import { track } from './track';
import { trackWithoutLogin } from './trackWithoutLogin';
import { trackWithStatus } from './trackWithStatus';

export const shipment = resource('Shipment', 'shipment', [getCashOnDelivery, getStatus, track, trackWithoutLogin, trackWithStatus], 'track');
