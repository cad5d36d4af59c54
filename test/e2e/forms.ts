/** The Cargus node's main operation of each resource, as the end-to-end test opens and photographs it. */
export interface FormShot {
	resource: string;
	node: {
		id: string;
		name: string;
		type: string;
		typeVersion: number;
		position: [number, number];
		parameters: Record<string, unknown>;
		credentials: Record<string, { id: string; name: string }>;
	};
	/** Texts the form must show once open. */
	labels: string[];
	/** Values its fields must show (dropdowns show their option's name, which for County and Locality only the lookups give). */
	values: string[];
}

/** `shot`: the name of a second form of the same resource (its screenshot and node). */
const MAIN_OPERATIONS: Array<Omit<FormShot, 'node'> & { parameters: Record<string, unknown>; shot?: string }> = [
	{ resource: 'account', parameters: { operation: 'logIn' }, labels: ['whoever has it'], values: ['Account', 'Log In'] },
	{ resource: 'cashOnDelivery', parameters: {}, labels: ['From', 'Return All'], values: ['Cash on Delivery', 'Get Many'] },
	{ resource: 'cashReceipt', parameters: { operation: 'createList' }, labels: ['Pickup Location Name or ID', 'Add Receipt'], values: ['Create List'] },
	{ resource: 'complaint', parameters: { operation: 'save' }, labels: ['Person Name', 'Complaint Details'], values: ['Save'] },
	{ resource: 'county', parameters: {}, labels: ['Country'], values: ['County', 'Get Many', 'Romania'] },
	{ resource: 'document', parameters: { operation: 'getAwbPdf' }, labels: ['Barcodes', 'Add Option'], values: ['Get AWB PDF'] },
	{ resource: 'invoice', parameters: {}, labels: ['From', 'Return All'], values: ['Get Many'] },
	{
		resource: 'locality',
		parameters: { operation: 'getManyWithoutLogin', countyId: 15 },
		labels: ['Country', 'County Name or ID'],
		values: ['Romania', 'Cluj (CJ)'],
	},
	{
		resource: 'pickupLocation',
		parameters: { operation: 'update', locationId: 1005962051, additionalFields: { automaticEod: '17:30' } },
		labels: ['Pickup Location Name or ID', 'Automatic End of Day'],
		values: ['Update', 'Magazin Cluj (1005962051)'],
	},
	{
		resource: 'pickupOrder',
		parameters: { operation: 'send', locationId: 1005962049, address: { CountyId: 27, LocalityId: 29445916 } },
		labels: ['Pickup Location Name or ID', 'Total Weight (Kg)', 'Locality Name or ID'],
		values: ['Send', 'ECOM TEST (1005962049)', 'Ilfov (IF)', 'Tunari'],
	},
	{ resource: 'returnAwb', parameters: { operation: 'create' }, labels: ['Barcode', 'Additional Fields'], values: ['Create'] },
	{
		resource: 'shipAndGoPoint',
		parameters: { operation: 'getMany', filters: { countyId: 15, cashOnDeliveryOnly: true } },
		labels: ['Return All', 'Cash on Delivery Only'],
		values: ['Ship & Go Point', 'Get Many', 'Cluj (CJ)'],
	},
	{ resource: 'shipment', parameters: {}, labels: ['Barcodes', 'Simplify'], values: ['Track'] },
	{
		resource: 'shipment',
		shot: 'shipmentCreate',
		// A recipient filled in, as the docs' picture of this form shows it (docs/images/create-form.png).
		parameters: { operation: 'create', senderLocationId: 1005962049, recipientName: 'Ion Popescu', recipientPhone: '0722123456', recipientCountyId: 15, recipientLocalityId: 164 },
		labels: ['Pickup Location Name or ID', 'Service', 'Recipient County Name or ID', 'Recipient Locality Name or ID', 'Recipient Street Name or ID', 'Add Parcel or Envelope'],
		values: ['Create', 'ECOM TEST (1005962049)', 'Economic Standard', 'Ion Popescu', '0722123456', 'Cluj (CJ)', 'CLUJ-NAPOCA'],
	},
	{
		resource: 'shipment',
		shot: 'shipmentCreateShipAndGo',
		parameters: { operation: 'create', senderLocationId: 1005962049, serviceId: 38 },
		labels: ['Pickup Location Name or ID', 'Ship & Go Point', 'Recipient Name'],
		values: ['Create', 'Ship & Go'],
	},
	{
		resource: 'street',
		parameters: { operation: 'getMany', countyId: 19, localityId: 183 },
		labels: ['County Name or ID', 'Locality Name or ID'],
		values: ['Street', 'Dolj (DJ)', 'CRAIOVA'],
	},
];

export function mainOperationForms(credentialId: string): FormShot[] {
	return MAIN_OPERATIONS.map(({ resource, parameters, labels, values, shot }, index) => ({
		resource: shot ?? resource,
		node: {
			id: `cargus-form-${shot ?? resource}`,
			name: `Cargus ${(shot ?? resource).replace(/[A-Z]/g, (letter) => ` ${letter}`).replace(/^./, (first) => first.toUpperCase())}`,
			type: 'n8n-nodes-cargus.cargus',
			typeVersion: 1,
			// Five to a row: the editor fits them all on the canvas, each big enough to double-click.
			position: [(index % 5) * 240, Math.floor(index / 5) * 240],
			parameters: { resource, ...parameters },
			credentials: { cargusApi: { id: credentialId, name: 'Cargus Sandbox' } },
		},
		labels,
		values,
	}));
}
