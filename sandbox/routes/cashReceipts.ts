import type { FastifyInstance } from 'fastify';
import { AnswerError, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { modelStateError } from './errorBodies';
import { defineOperation } from './operation';
import { isObject, listOf, validateFields } from './validation';
import { failWith, requireBody } from './inputs';

/** Create a list of cash receipts (no token): validated, stored, answers the new list Id. */
export function registerCashReceipts(app: FastifyInstance, context: ServiceContext): void {
	const { store } = context;
	defineOperation(app, context, 'POST', '/api/CashReceipts', { operation: 'cashReceipts', auth: 'none', invalidStatus: 400 },
		({ body, spec, account }) => {
			const input = requireBody(body, spec);
			const { value: fields, errors } = validateFields(input, {
				Id: { type: 'int' },
				Date: { type: 'date', required: true },
				Operator: { type: 'string', required: true, maxLength: 100 },
				Location: { type: 'int', required: true },
				OrderId: { type: 'int' },
			}, '', spec.strict === true);
			const rawReceipts = Object.entries(input).find(([key]) => key.toLowerCase() === 'cashreceipts')?.[1];
			const receipts = rawReceipts === undefined || rawReceipts === null ? [] : listOf(rawReceipts);
			if (!receipts) throw new AnswerError(modelStateError(400, { CashReceipts: ['The CashReceipts field must be a list.'] }));
			const checked = receipts.map((receipt, index) => {
				const prefix = `CashReceipts[${index}].`;
				if (!isObject(receipt)) {
					errors[`CashReceipts[${index}]`] = ['A cash receipt must be an object.'];
					return {};
				}
				const result = validateFields(receipt, {
					ReceiptDate: { type: 'date', required: true },
					ReceiptNumber: { type: 'string', required: true, maxLength: 50 },
					ReceiptOperator: { type: 'string', required: true, maxLength: 100 },
					Amount: { type: 'double', required: true },
					Awb: { type: 'string', required: true },
					IdAwb: { type: 'int', required: true },
				}, prefix, spec.strict === true);
				Object.assign(errors, result.errors);
				return result.value;
			});
			if (Object.keys(errors).length > 0) throw new AnswerError(modelStateError(400, errors));
			checked.forEach((receipt, index) => {
				if (spec.strict && (receipt.Amount as number) <= 0) failWith(spec, `CashReceipts[${index}].Amount trebuie sa fie pozitiv.`);
				if (spec.strict && !/^\d{6,20}$/.test(String(receipt.Awb))) failWith(spec, `CashReceipts[${index}].Awb nu este un AWB valid.`);
			});
			const location = store.locations.get(fields.Location as number);
			if (!location || location.clientId !== account.clientId) failWith(spec, `Location ${String(fields.Location)} nu este un punct de ridicare al clientului.`);
			return ok(store.addCashReceiptList({ ...fields, CashReceipts: checked }), 'int');
		});
}
