import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { baseUrlOf } from '../cargus/baseUrl';
import { isRecord } from '../values/values';
import { jsonBodyOf } from './answer';

/** The caller's way to Cargus' one sender (transport/send.ts): an item's of the node, a poll's of the trigger. */
export type SendToCargus = (request: IHttpRequestOptions) => Promise<IN8nHttpFullResponse>;

/**
 * The account's AWB `barcode` as Cargus answers it now (GET /api/Awbs?barCode), for the node and the trigger alike:
 * its record, or undefined when Cargus answers none.
 */
export async function awbRecordOf(sendToCargus: SendToCargus, barcode: string): Promise<IDataObject | undefined> {
	const answer = await sendToCargus({ method: 'GET', url: '/api/Awbs', qs: { barCode: barcode }, json: true });
	const body = jsonBodyOf(answer);
	// A barcode is never given to another AWB: still answered, it is the same AWB.
	return (Array.isArray(body) ? body : []).find((record): record is IDataObject => isRecord(record) && String(record.BarCode ?? '').trim() === barcode);
}

/** The account an AWB belongs to, what it is remembered under in this process: Cargus' address and the login's username. */
export function awbAccountOf(credentials: ICredentialDataDecryptedObject): string {
	return `${baseUrlOf(credentials)}\n${String(credentials.username ?? '').trim().toLowerCase()}`;
}
