/**
 * What happened, in one word: every event of the retailer's list in /work/shared/spec/tracking-as-clients-see-it.md
 * ("Event ids"), with its text as the list gives it, and the word a shop's flow branches on, written from that file's
 * "what it means for a shop" column (not from the code's table).
 */
import { outcomeName, outcomeOf, OUTCOMES } from '../../nodes/shared/cargus/outcome';

/** [ids, the list's text, what it means]: the evidence file's table, row by row. */
const EVIDENCE: Array<[number[], string, string]> = [
	[[70], 'Ridicare din comanda client', 'picked up'],
	[[10], 'Intrare in depozit', 'in transit'],
	[[11], 'DF Iesire din depozit catre tranzit', 'in transit'],
	[[149], 'Intrat in depozit din cursa de tranzit', 'in transit'],
	[[255], 'AF Sosire in centru', 'in transit'],
	[[5], 'Spre destinatar', 'out for delivery'],
	[[20], 'Livrare stabilita la data', 'in transit'],
	[[199], 'Livrare reprogramata la data', 'in transit'],
	[[21], 'Livrat la destinatar (confirmat) ', 'delivered'],
	[[60], 'Livrat deteriorat: Continut deteriorat', 'delivered damaged'],
	[[64], 'Livrat deteriorat: Ambalaj deteriorat', 'delivered damaged'],
	[[146], 'Livrat partial: Livrat', 'partly delivered'],
	[[108], 'Destinatar negasit la domiciliu: Imposibil de avizat', 'not at home'],
	[[110], 'Destinatar negasit la domiciliu: Avizat cu bileta la adresa', 'not at home'],
	[[111], 'Destinatar negasit la domiciliu: Trimis SMS', 'not at home'],
	[[24, 27, 32, 34, 36], 'Inchis la sosirea curierului: Sediu inchis', 'not at home'],
	[[1, 2, 3, 4, 8, 18], 'Adresa gresita: Strada inexistenta', 'wrong address'],
	[[6], 'Adresa gresita: Lipsa persoana de contact', 'wrong address'],
	[[14], 'Adresa gresita: Telefon gresit sau incomplet', 'wrong address'],
	[[50, 52], 'Destinatar mutat: Adresa noua necunoscuta', 'wrong address'],
	[[38, 42, 44], 'Se asteapta ridicarea coletului de la sediu: La cererea destinatarului', 'not delivered'],
	[[79], 'Nelivrat: Stationat in depozit (dupa doua incercari)', 'not delivered'],
	[[95, 97, 100, 106], 'Expediere nelivrata: Conditii meteo', 'not delivered'],
	[[96], 'Expediere nelivrata: La solicitarea destinatarului', 'not delivered'],
	[[153], 'Expediere refuzata: Refuz plata', 'refused'],
	[[158], 'Expediere refuzata: Lipsa din continut', 'refused'],
	[[159], 'Expediere refuzata: Deteriorat', 'refused'],
	[[161], 'Expediere refuzata: Lipsa numerar (lei)', 'refused'],
	[[180], 'Expediere refuzata: Expediere nesolicitata', 'refused'],
	[[181], 'Expediere refuzata: Livrare intarziata', 'refused'],
	[[182], 'Expediere refuzata: Livrare personala', 'refused'],
	[[185], 'Expediere refuzata: Lipsa piesa', 'refused'],
	[[186], 'Expediere refuzata: Colet refuzat dupa deschidere', 'refused'],
	[[196], 'Expediere returnata: Solicitare expeditor', 'returned'],
	[[197], 'Expediere returnata: Solicitare destinatar', 'returned'],
	[[198], 'Expediere returnata: Solicitare UrgentCargus', 'returned'],
	[[54], 'Expediere inchisa: Negasit', 'lost'],
	[[89], 'Expediere distrusa: Cu acordul expeditorului', 'lost'],
	[[114, 130, 145], 'In asteptare: Lipsa documente', 'on hold'],
	[[203, 210, 216], 'Transport intarziat: Conditii meteo', 'on hold'],
];

describe('what happened to a parcel, in one word', () => {
	test.each(EVIDENCE.flatMap(([ids, text, outcome]) => ids.map((id) => [id, text, outcome] as const)))(
		'event %i "%s" is %s, by its text and by its id alone',
		(id, text, outcome) => {
			expect(outcomeOf(id, text)).toBe(outcome);
			expect(outcomeOf(id, undefined)).toBe(outcome);
			expect(outcomeOf(String(id), '')).toBe(outcome);
		},
	);

	test('the text decides where it says what happened: "refuz" is a refusal whatever its id', () => {
		expect(outcomeOf(21, 'Expediere refuzata: Refuz plata')).toBe('refused');
		expect(outcomeOf(5, 'Colet refuzat la usa')).toBe('refused');
		expect(outcomeOf(999, 'Expediere refuzată: Lipsă numerar')).toBe('refused');
	});

	test('197 with "Expediere returnata: Solicitare destinatar" is returned, not refused', () => {
		expect(outcomeOf(197, 'Expediere returnata: Solicitare destinatar')).toBe('returned');
	});

	test('6 is a wrong address, not a recipient not at home', () => {
		expect(outcomeOf(6, 'Adresa gresita: Lipsa persoana de contact')).toBe('wrong address');
		expect(outcomeOf(6, undefined)).toBe('wrong address');
	});

	test('an unknown id with an unknown text is other (224 is in no list)', () => {
		expect(outcomeOf(224, 'Cantarire in hub')).toBe('other');
		expect(outcomeOf(4242, 'Something new')).toBe('other');
		expect(outcomeOf(undefined, undefined)).toBe('other');
		expect(outcomeOf('abc', null)).toBe('other');
	});

	test('an unknown id with a known text takes the text', () => {
		expect(outcomeOf(4242, 'Livrat la destinatar (confirmat) ')).toBe('delivered');
		expect(outcomeOf(undefined, 'Destinatar negasit la domiciliu: Trimis SMS')).toBe('not at home');
	});

	test('every outcome has a name in Title Case for a list', () => {
		expect(OUTCOMES.map(outcomeName)).toEqual([
			'Delivered', 'Delivered Damaged', 'Partly Delivered', 'Not at Home', 'Wrong Address', 'Not Delivered', 'Refused',
			'Returned', 'Lost', 'Out for Delivery', 'In Transit', 'Picked Up', 'On Hold', 'Other',
		]);
	});
});
