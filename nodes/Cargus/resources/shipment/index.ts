import { resource } from '../../../shared/run/operation';
import { calculatePrice } from './calculatePrice';
import { create } from './create';
import { deleteShipment } from './delete';
import { get } from './get';
import { getCashOnDelivery } from './getCashOnDelivery';
import { getMany } from './getMany';
import { getStatus } from './getStatus';
import { track } from './track';
import { trackWithoutLogin } from './trackWithoutLogin';
import { trackWithStatus } from './trackWithStatus';

export const shipment = resource(
	'Shipment',
	'shipment',
	[calculatePrice, create, deleteShipment, get, getCashOnDelivery, getMany, getStatus, track, trackWithoutLogin, trackWithStatus],
	'track',
);
