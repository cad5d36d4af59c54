import { resource } from '../../../shared/run/operation';
import { calculatePrice } from './calculatePrice';
import { create } from './create';
import { deleteShipment } from './delete';
import { get } from './get';
import { getCashOnDelivery } from './getCashOnDelivery';
import { getDeliveryPicture } from './getDeliveryPicture';
import { getMany } from './getMany';
import { getReturning } from './getReturning';
import { getStatus } from './getStatus';
import { track } from './track';
import { trackWithoutLogin } from './trackWithoutLogin';
import { trackWithRedirects } from './trackWithRedirects';
import { trackWithStatus } from './trackWithStatus';

export const shipment = resource(
	'Shipment',
	'shipment',
	[calculatePrice, create, deleteShipment, get, getCashOnDelivery, getDeliveryPicture, getMany, getReturning, getStatus, track, trackWithoutLogin, trackWithRedirects, trackWithStatus],
	'track',
);
