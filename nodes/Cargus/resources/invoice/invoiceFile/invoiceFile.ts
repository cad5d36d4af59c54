import type { IExecuteSingleFunctions } from 'n8n-workflow';

/** The file name of an invoice's PDF, whichever operation downloads it. */
export function invoiceFileName(this: IExecuteSingleFunctions): string {
	return `invoice-${String(this.getNodeParameter('invoiceId'))}.pdf`;
}

/** The error when Cargus has no such invoice. */
export function noSuchInvoice(this: IExecuteSingleFunctions): string {
	return `Cargus has no invoice ${String(this.getNodeParameter('invoiceId'))}`;
}
