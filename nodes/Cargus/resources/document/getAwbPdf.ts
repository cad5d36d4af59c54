import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { parseBarcodes } from '../../shared/barcodes';
import { barcodeListFields, fileOptions } from '../../shared/fields';
import { barcodes } from '../../shared/input';
import { BINARY_REQUEST, forOperation, operation } from '../../shared/operation';
import { orFailWith, pdfFile } from '../../shared/output';
import { sendWithTokenInQuery } from '../../shared/send';
import { yesNo } from '../../shared/values';

const printOptions = async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const print = this.getNodeParameter('printOptions', {}) as IDataObject;
	const qs = { ...options.qs };
	if (print.format !== undefined) qs.format = print.format;
	if (print.printMainOnce !== undefined) qs.printMainOnce = print.printMainOnce;
	if (print.printOneAwbPerPage !== undefined) qs.printOneAwbPerPage = yesNo(print.printOneAwbPerPage, false) ? 1 : 0;
	options.qs = qs;
	return options;
};

function fileName(this: IExecuteSingleFunctions): string {
	const [first, ...others] = parseBarcodes(this.getNodeParameter('barcodes'));
	return others.length > 0 ? `awb-${first}-and-${others.length}-more.pdf` : `awb-${first}.pdf`;
}

export const getAwbPdf = operation({
	name: 'Get AWB PDF',
	value: 'getAwbPdf',
	action: 'Get shipping labels (AWB PDF)',
	description: 'The waybills (AWBs) of one or more shipments as one PDF file, ready to print and stick on the parcels',
	method: 'GET',
	url: '/api/PDF/AwbDocuments',
	request: BINARY_REQUEST,
	send: sendWithTokenInQuery,
	preSend: [barcodes({ parameter: 'barcodes', label: 'Barcodes', to: 'query', property: 'barCodes', list: true }), printOptions],
	output: orFailWith(pdfFile(fileName), function (this: IExecuteSingleFunctions) {
		return `Cargus has no AWB for ${parseBarcodes(this.getNodeParameter('barcodes')).join(', ')}`;
	}),
});

export const getAwbPdfFields = [
	...barcodeListFields,
	...forOperation('document', 'getAwbPdf', [
		{
			displayName: 'Print Options',
			name: 'printOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
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
				{
					displayName: 'One AWB per Page',
					name: 'printOneAwbPerPage',
					type: 'boolean',
					default: false,
					description: 'Whether each AWB gets a page of its own',
				},
			],
		},
		fileOptions,
	]),
];
