/**
 * Cargus' tracking event ids and texts, as a large Romanian retailer's delivery-status service lists UrgentCargus'
 * events (gotechworld/go_ddwcs, awb/service/adapter/urgent_cargus_awb_info_adapter.go; docs/sandbox.md, "Where the
 * tracking facts come from"). 21's text ends with a space, as /work/shared/spec/tracking-as-clients-see-it.md says.
 */
export const EVENT_TEXTS: Readonly<Record<number, string>> = {
	1: 'Adresa gresita: Companie necunoscuta la adresa de livrare',
	2: 'Adresa gresita: Alta localitate',
	3: 'Adresa gresita: Numar strada gresit',
	4: 'Adresa gresita: Adresa incompleta',
	5: 'Spre destinatar',
	6: 'Adresa gresita: Lipsa persoana de contact',
	8: 'Adresa gresita: Persoana necunoscuta',
	10: 'Intrare in depozit',
	11: 'DF Iesire din depozit catre tranzit',
	14: 'Adresa gresita: Telefon gresit sau incomplet',
	18: 'Adresa gresita: Strada necunoscuta',
	20: 'Livrare stabilita: Livrare stabilita la data',
	21: 'Livrat la destinatar (confirmat) ',
	24: 'Inchis la sosirea curierului: Inchis la destinatar',
	27: 'Inchis la sosirea curierului: Concediu pana la',
	32: 'Inchis la sosirea curierului: Program terminat',
	34: 'Inchis la sosirea curierului: Inainte de inceperea programului',
	36: 'Inchis la sosirea curierului: Pauza de masa',
	38: 'Se asteapta ridicarea coletului de la sediu: Destinatar contactat',
	42: 'Se asteapta ridicarea coletului de la sediu: Solicitare destinatar livrare la data de',
	44: 'Se asteapta ridicarea coletului de la sediu: Destinatarul nu poate fi contactat',
	50: 'Destinatar mutat: Companie mutata',
	52: 'Destinatar mutat: Persoana mutata',
	54: 'Expediere inchisa: Negasit',
	60: 'Livrat deteriorat: Continut deteriorat',
	64: 'Livrat deteriorat: Ambalaj deteriorat',
	70: 'Ridicare din comanda client',
	79: 'Nelivrat: Stationat in depozit (dupa doua incercari)',
	89: 'Expediere distrusa: Expediere abandonata cu acordul expeditorului',
	95: 'Expediere nelivrata: Vreme nefavorabila',
	96: 'Expediere nelivrata: La solicitarea destinatarului',
	97: 'Expediere nelivrata: Ruta supra incarcata',
	99: 'Expediere nelivrata: Fara acces',
	100: 'Expediere nelivrata: Solicitare UrgentCargus',
	101: 'Expediere nelivrata: Trafic ingreunat',
	103: 'Expediere nelivrata: Lipsa act de identitate',
	105: 'Expediere nelivrata: Probleme auto',
	106: 'Expediere nelivrata: Calamitate naturala',
	108: 'Destinatar negasit la domiciliu: Imposibil de avizat',
	110: 'Destinatar negasit la domiciliu: Avizat cu bileta la adresa',
	111: 'Destinatar negasit la domiciliu: Trimis SMS',
	114: 'In asteptare: Se asteapta livrarea',
	120: 'In asteptare: Motive tehnice',
	132: 'In asteptare: Sosit cu intarziere',
	140: 'In asteptare: Vreme nefavorabila',
	145: 'In asteptare: Pierdere conexiune transport',
	146: 'Livrat partial: Livrat',
	149: 'Intrat in depozit din cursa de tranzit',
	153: 'Expediere refuzata: Refuz plata',
	158: 'Expediere refuzata: Lipsa din continut',
	159: 'Expediere refuzata: Deteriorat',
	161: 'Expediere refuzata: Lipsa numerar (lei)',
	180: 'Expediere refuzata: Expediere nesolicitata',
	181: 'Expediere refuzata: Livrare intarziata',
	182: 'Expediere refuzata: Livrare personala',
	185: 'Expediere refuzata: Lipsa piesa',
	186: 'Expediere refuzata: Colet refuzat dupa deschidere',
	196: 'Expediere returnata: Solicitare expeditor',
	197: 'Expediere returnata: Solicitare destinatar',
	198: 'Expediere returnata: Solicitare UrgentCargus',
	199: 'Livrare reprogramata: Destinatarul solicita livrare la data',
	203: 'Transport intarziat: Vreme nefavorabila',
	204: 'Transport intarziat: Trafic ingreunat',
	206: 'Transport intarziat: Pierdere conexiune transport',
	208: 'Transport intarziat: Supraincarcat',
	212: 'Transport intarziat: Plecat cu intarziere',
	255: 'AF Sosire in centru',
};

export const PICKED_UP = 70;
export const INTO_DEPOT = 10;
export const OUT_OF_DEPOT_TO_TRANSIT = 11;
export const OUT_FOR_DELIVERY = 5;
export const DELIVERED = 21;
/** Not at home: a notice left at the address. */
export const NOT_AT_HOME = 110;
/** Wrong address: no contact person. */
export const WRONG_ADDRESS = 6;
/** Delayed: the transport left late. */
export const DELAYED = 212;

/** The recipient refused the parcel ("Expediere refuzata: ..."); 153 and 161: the cash on delivery not paid. */
export const REFUSALS: readonly number[] = [153, 158, 159, 161, 180, 181, 182, 185, 186];
/** Refused after opening it: what POST /_sandbox/shipments/:barcode/refuse gives unless told another refusal. */
export const REFUSED_AFTER_OPENING = 186;

/** Returned ("Expediere returnata: Solicitare ..."): at the sender's, the recipient's or Cargus' request. */
export const RETURNED_AT_SENDERS_REQUEST = 196;
export const RETURNED_AT_RECIPIENTS_REQUEST = 197;
export const RETURNED_BY_CARGUS = 198;
export const RETURNS: readonly number[] = [RETURNED_AT_SENDERS_REQUEST, RETURNED_AT_RECIPIENTS_REQUEST, RETURNED_BY_CARGUS];

/** The parcel could not be handed over: a wrong address or phone, the recipient not at home or moved, closed. */
export const DELIVERY_FAILURES: readonly number[] = [1, 2, 3, 4, 6, 8, 14, 18, 24, 27, 32, 34, 36, 50, 52, 79, 95, 96, 97, 99, 100, 101, 103, 105, 106, 108, 110, 111];

/** Delivered, damaged or partly (the retailer counts 21, 60 and 64 as delivered). */
export const DELIVERIES: readonly number[] = [DELIVERED, 60, 64, 146];
