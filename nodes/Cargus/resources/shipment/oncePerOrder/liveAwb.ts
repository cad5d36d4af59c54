import type { ICredentialDataDecryptedObject, IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { awbRecordOf } from '../../../../shared/answers/awbRecord';
import { sendToCargus } from '../../../../shared/transport/send';

/**
 * Whether Cargus lists the AWB as deleted: it may keep deleted AWBs in its lists with Status "Deleted" (OpenCart skips
 * them when it lists a pickup order's AWBs), and such an AWB ships nothing.
 */
export function isDeleted(awb: IDataObject): boolean {
	return String(awb.Status ?? '').trim().toLowerCase() === 'deleted';
}

/** The account's AWB with this barcode as Cargus answers it now (GET /api/Awbs), or undefined when it has none or lists it deleted. */
export async function liveAwbOf(context: IExecuteSingleFunctions, credentials: ICredentialDataDecryptedObject, barcode: string): Promise<IDataObject | undefined> {
	const awb = await awbRecordOf(async (request) => await sendToCargus(context, request, credentials), barcode);
	return awb && !isDeleted(awb) ? awb : undefined;
}
