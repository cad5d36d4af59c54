/** What example 3 ("Tell the customer") mails: which of its subjects says what, in either language it writes. */
import type { StoredMail } from '../../scripts/lib/smtp-sink';
import type { NodeOutputItem } from './n8n-api';

export const TELL_THE_CUSTOMER = 'cargusExample003';
export const SKIPPED_NODE = 'Skipped: no recipient email';

/** The outcomes example 3 mails (the trigger's Only Outcomes). */
export const MAILED_OUTCOMES = ['out for delivery', 'delivered', 'refused', 'not at home', 'wrong address'];

const SUBJECTS = {
	out: /is out for delivery|este în curs de livrare/i,
	delivered: /was delivered|a fost livrat\b/i,
	refused: /was refused|a fost refuzat/i,
	notAtHome: /did not find you at home|nu v-a găsit acasă/i,
	wrongAddress: /check the address|adresa trebuie verificată/i,
};

export type MailKind = keyof typeof SUBJECTS;

/** What an example 3 mail says, by its subject; undefined for another example's mail. */
export function kindOf(mail: StoredMail): MailKind | undefined {
	return (Object.keys(SUBJECTS) as MailKind[]).find((kind) => SUBJECTS[kind].test(mail.subject));
}

export function customerMails(mails: StoredMail[]): StoredMail[] {
	return mails.filter((mail) => kindOf(mail) !== undefined);
}

/** The recipient's email of a trigger item (Add Order and Recipient), '' when the AWB has none. */
export function recipientEmailOf(item: NodeOutputItem): string {
	const recipient = item.json.Recipient as { Email?: unknown } | null | undefined;
	return String(recipient?.Email ?? '').trim();
}

/** The trigger's items example 3 mails: an event of a mailed outcome, of an AWB with a recipient email. */
export function itemsToMail(items: NodeOutputItem[]): NodeOutputItem[] {
	return items.filter((item) => MAILED_OUTCOMES.includes(String(item.json.Outcome)) && recipientEmailOf(item) !== '');
}
