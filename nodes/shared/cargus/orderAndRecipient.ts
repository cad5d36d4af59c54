import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../values/values';

/** Whose parcel it is: the AWB's order reference and its recipient, as the AWB was made (GET /api/Awbs). */
export interface OrderAndRecipient {
	/** The shop's order reference given at Create (Order Reference); null when the AWB has none or Cargus has no such AWB. */
	CustomString: string | null;
	Recipient: { Name: string | null; Email: string | null; PhoneNumber: string | null; LocalityName: string | null } | null;
}

function textOrNull(value: unknown): string | null {
	if (value === undefined || value === null) return null;
	const text = String(value).trim();
	return text === '' ? null : text;
}

/** The order reference and recipient of an AWB record; every value null for an AWB Cargus did not answer. */
export function orderAndRecipientOf(record: IDataObject | undefined): OrderAndRecipient {
	if (record === undefined) return { CustomString: null, Recipient: null };
	const recipient = isRecord(record.Recipient) ? record.Recipient : {};
	return {
		CustomString: textOrNull(record.CustomString),
		Recipient: {
			Name: textOrNull(recipient.Name),
			Email: textOrNull(recipient.Email),
			PhoneNumber: textOrNull(recipient.PhoneNumber),
			LocalityName: textOrNull(recipient.LocalityName),
		},
	};
}
