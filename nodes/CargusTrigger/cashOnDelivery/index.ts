import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { cargusTimestamp } from '../../shared/cargus/trackingStatus';
import { dayOf } from '../idSet';
import { commonSettings, numberOr, optionsOf, watchedBarcodes } from '../parameters';
import { readList } from '../readAnswer';
import { sendPollRequest } from '../sendRequest';
import { MAX_BARCODES_PER_REQUEST } from '../../shared/values/barcodes';
import { toBatches } from '../tracking/fetchTraces';
import type { CommonSettings, TriggerEvent } from '../triggerEvent';
import { cashOnDeliveryProperties, DEFAULT_KEEP_DAYS } from './description';
import { RepaymentState } from './state';

const REQUEST_NAME = 'cash-on-delivery request';
const CONCURRENT_REQUESTS = 4;

interface RepaymentSettings extends CommonSettings {
	/** Undefined: the whole account in one request. */
	barcodes?: string[];
	keepDays: number;
}

/** One AwbCashRecord as Cargus serves it. */
type CashRecord = IDataObject;

interface Repayment {
	barcode: string;
	date: string;
	record: CashRecord;
}

function readSettings(context: IPollFunctions, test: boolean): RepaymentSettings {
	const options = optionsOf(context);
	const barcodes = watchedBarcodes(context, 'barcodes');
	return {
		...commonSettings(options, test),
		barcodes: barcodes.length > 0 ? barcodes : undefined,
		keepDays: Math.max(1, numberOr(options.keepDays, DEFAULT_KEEP_DAYS)),
	};
}

function isRepaid(record: CashRecord): boolean {
	const id = record.RepaymentId;
	return id !== undefined && id !== null && String(id).trim() !== '' && dayOf(record.RepaymentDate) !== undefined;
}

/** Cash on Delivery Repaid: each cash-on-delivery record once, when Cargus repays it (GET /api/CashAccount). */
export const cashOnDeliveryRepaid: TriggerEvent<RepaymentSettings, RepaymentState, string[] | undefined, CashRecord[], Repayment> = {
	option: {
		name: 'Cash on Delivery Repaid',
		value: 'cashOnDeliveryRepaid',
		description: 'One item per cash-on-delivery shipment when Cargus repays its amount, oldest repayment first',
	},
	properties: cashOnDeliveryProperties,
	requestName: REQUEST_NAME,
	concurrency: CONCURRENT_REQUESTS,
	noTestEvent: {
		message: 'No cash on delivery has been repaid yet',
		description: 'The trigger will still emit repayments as Cargus makes them.',
	},
	readSettings,

	openState(staticData, settings) {
		return new RepaymentState(staticData, settings.keepDays, settings.barcodes);
	},

	plan(_state, settings) {
		return settings.barcodes === undefined ? [undefined] : toBatches(settings.barcodes, MAX_BARCODES_PER_REQUEST);
	},

	async send(context, source, barcodes) {
		const answer = await sendPollRequest(context, source, REQUEST_NAME, {
			method: 'GET',
			url: `${source.baseUrl}/api/CashAccount`,
			qs: barcodes === undefined ? {} : { barCode: `[${barcodes.join(',')}]` },
			json: true,
		});
		return readList<CashRecord>(context, REQUEST_NAME, answer);
	},

	receive(state, barcodes, records, settings) {
		const changes: Repayment[] = [];
		for (const record of records) {
			if (record === null || typeof record !== 'object' || !isRepaid(record)) continue;
			const barcode = String(record.BarCode ?? '').trim();
			const date = String(record.RepaymentDate);
			const day = dayOf(date) as string;
			if (barcode === '' || state.repaid.has(barcode) || (state.horizon !== undefined && day < state.horizon)) continue;
			if (barcodes !== undefined && !barcodes.includes(barcode)) continue;
			const news = state.isWatched(barcode);
			state.repaid.add(barcode, day);
			if (news || settings.emitExisting) changes.push({ barcode, date, record });
		}
		state.looked(barcodes);
		return { changes };
	},

	settle(state) {
		state.forgetOld();
	},

	compare(a, b) {
		return a.date.localeCompare(b.date) || a.barcode.localeCompare(b.barcode);
	},

	toItem({ barcode, record }) {
		return {
			json: {
				BarCode: barcode,
				RepaymentValue: record.RepaymentValue,
				RepaymentId: record.RepaymentId,
				RepaymentDate: record.RepaymentDate,
				RepaymentTimestamp: cargusTimestamp(record.RepaymentDate) ?? null,
				...record,
			},
		};
	},
};
