import type { INodeProperties } from 'n8n-workflow';

import { oneBarcodeFields } from '../../shared/fields';
import { operationSelector } from '../../shared/operation';
import { getCashOnDelivery, getCashOnDeliveryFields } from './getCashOnDelivery';
import { getStatus } from './getStatus';
import { track, trackFields } from './track';
import { trackWithoutLogin } from './trackWithoutLogin';
import { trackWithStatus, trackWithStatusFields } from './trackWithStatus';

// Get Status and Track Without Login share one Barcode field, Track and Track With Status the Barcodes
// field of Document › Get AWB PDF (listed there).
export const shipment: INodeProperties[] = [
	operationSelector('shipment', [getCashOnDelivery, getStatus, track, trackWithoutLogin, trackWithStatus], 'track'),
	...getCashOnDeliveryFields,
	...oneBarcodeFields,
	...trackFields,
	...trackWithStatusFields,
];
