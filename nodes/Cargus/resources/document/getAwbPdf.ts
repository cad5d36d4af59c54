import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { parseBarcodes } from '../../../shared/values/barcodes';
import { oneOrZero, field, toQuery } from '../../../shared/form/field';
import { barcodeListField, fileOptions } from '../../../shared/form/fields';
import { BINARY_REQUEST, operation } from '../../../shared/run/operation';
import { orFailWith, pdfFile } from '../../../shared/run/output';
import { askOnceWithTokenInQuery } from '../../../shared/run/asking';
import { combinedPartOf, withCombineItems } from './combineItems/combineItems';

function fileName(this: IExecuteSingleFunctions): string {
	const part = combinedPartOf(this);
	if (part) return part.count === 1 ? 'awb-labels.pdf' : `awb-labels-${part.number}-of-${part.count}.pdf`;
	const [first, ...others] = parseBarcodes(this.getNodeParameter('barcodes'));
	return others.length > 0 ? `awb-${first}-and-${others.length}-more.pdf` : `awb-${first}.pdf`;
}

const eachItem = operation({
	name: 'Get AWB PDF',
	value: 'getAwbPdf',
	action: 'Get shipping labels (AWB PDF)',
	subtitle: 'AWB labels (PDF)',
	description: 'The waybills (AWBs) of one or more shipments as one PDF file, ready to print and stick on the parcels',
	method: 'GET',
	url: '/api/PDF/AwbDocuments',
	request: BINARY_REQUEST,
	ask: askOnceWithTokenInQuery,
	fields: [
		barcodeListField('barcodesOneRequest', toQuery('barCodes')),
		{
			displayName: 'Combine Items',
			name: 'combineItems',
			type: 'boolean',
			noDataExpression: true,
			default: false,
			description:
				'Whether to make one PDF of the barcodes of all input items, in input order, instead of one PDF per item. A list longer than one request takes (about 100 barcodes) gives one PDF per request, in order. As an AI tool, each call is one item: the option changes nothing.',
			hint: 'For a label printer, add Print Options › Format › Label 10×14',
		},
		{
			displayName: 'Print Options',
			name: 'printOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				field(
					{
						displayName: 'Format',
						name: 'format',
						type: 'options',
						options: [
							{ name: 'A4 Page', value: 0 },
							{ name: 'Label 10×14', value: 1 },
						],
						default: 0,
						description: 'Paper for a printer of A4 sheets or for a label printer',
					},
					{ to: toQuery('format') },
				),
				field(
					{
						displayName: 'Print Main AWB',
						name: 'printMainOnce',
						type: 'options',
						options: [
							{ name: 'Twice', value: 0 },
							{ name: 'Once', value: 1 },
							{ name: 'Once, in Label Format', value: 2 },
						],
						default: 1,
						description: 'How many copies of the main AWB the PDF holds',
					},
					{ to: toQuery('printMainOnce') },
				),
				field(
					{
						displayName: 'Print Return AWB',
						name: 'printReturn',
						type: 'options',
						options: [
							{ name: 'No', value: 0 },
							{ name: 'After the AWB', value: 1 },
							{ name: 'After the AWB, With Instructions', value: 2, description: 'The return AWB carries instructions for the recipient' },
							{ name: 'Return AWB Only', value: 3 },
							{ name: 'Return AWB Only, With Instructions', value: 4 },
						],
						default: 0,
						description: 'The pre-printed return AWB of a shipment created with Return Voucher › Pre-Printed Return AWB, printed with its label',
					},
					{ to: toQuery('printReturn') },
				),
				field(
					{
						displayName: 'One AWB per Page',
						name: 'printOneAwbPerPage',
						type: 'boolean',
						default: false,
						description: 'Whether each AWB gets a page of its own',
					},
					{ to: toQuery('printOneAwbPerPage', oneOrZero) },
				),
			],
		},
		fileOptions,
	],
	output: orFailWith(pdfFile(fileName), function (this: IExecuteSingleFunctions) {
		return `Cargus has no AWB for ${parseBarcodes(this.getNodeParameter('barcodes')).join(', ')}`;
	}),
});

export const getAwbPdf = withCombineItems(eachItem);
