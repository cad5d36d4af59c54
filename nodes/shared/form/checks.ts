import { DateTime } from 'luxon';
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyCollection,
	PreSendAction,
} from 'n8n-workflow';

import type { Destination } from './field';
import { ruleOf, useOf } from './field';
import { CARGUS_TIME_ZONE, cargusNow } from '../values/cargusDate';
import { refuse } from '../values/refusal';
import { formValuesOf, INPUT_SHAPE, inputFieldLabel, inputShapeOf, MAP_AUTOMATICALLY, MAPPING_MODE, orderFieldLabel, shapeFieldLabel, type InputShape } from './itemMapping';
import { parameterOf, readParameters, rememberValues } from './itemParameters';
import { quote } from '../values/quote';
import type { RuleName } from './rules';
import { RULES } from './rules';
import { isBlank, plainValue, readYesNo } from '../values/values';

/*
 * The first preSend step of every operation, built from the operation's own fields (field.ts): it reads
 * each field shown for the item by its rule, refuses the item on the first bad value, naming the field
 * and the item, and puts each value where its field says. Nothing else checks or places field values.
 */

const NOT_VALUES: Array<INodeProperties['type']> = ['notice', 'hidden', 'button', 'callout'];

interface FieldPlan {
	field: INodeProperties;
	label: string;
	rule?: RuleName;
	required: boolean;
	/** Whether an empty value means "not given": optional text and dropdowns, optional fields inside collections; never yes/no. */
	blankAllowed: boolean;
	to: Destination[];
	/** Fields inside a collection. */
	children?: FieldPlan[];
	/** A fixedCollection's groups. */
	groups?: Array<{ group: INodePropertyCollection; multiple: boolean; to: Destination[]; children: FieldPlan[] }>;
}

/** Where a value read goes: into the request, or into a list entry. */
type Placement = (destination: Destination, value: unknown) => void;

/** The input step of an operation whose fields are `fields`; `operation` names it in a missing-rule error. */
export function inputStep(operation: string, fields: INodeProperties[]): PreSendAction {
	const valueFields = fields.filter((field) => isValue(field) && field.name !== INPUT_SHAPE);
	const formPlans = valueFields.map((field) => planOf(operation, field, field.name, field.displayName));
	const mapped = fields.some((field) => field.name === MAPPING_MODE);
	// In Map Automatically, errors name the item's fields: by the form's names, or those of the item's shape.
	const plansNaming = (label: (name: string) => string) =>
		valueFields.map((field) => planOf(operation, field, field.name, field.name === MAPPING_MODE ? field.displayName : label(field.name), false, label));
	const inputPlans = mapped ? plansNaming(inputFieldLabel) : formPlans;
	const shapePlans = new Map<InputShape, FieldPlan[]>();
	const formNames = formPlans.map((plan) => plan.field.name);
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const fromItem = mapped && parameterOf(this, MAPPING_MODE) === MAP_AUTOMATICALLY;
		const shape = fromItem && fields.some((field) => field.name === INPUT_SHAPE) ? inputShapeOf(this) : undefined;
		let plans = fromItem ? inputPlans : formPlans;
		if (shape !== undefined) {
			if (!shapePlans.has(shape)) shapePlans.set(shape, plansNaming((name) => shapeFieldLabel(shape, name)));
			plans = shapePlans.get(shape) as FieldPlan[];
		}
		if (fromItem) rememberValues(this, formValuesOf(shapedItem(this, shape), fields));
		else readParameters(this, formNames);
		const timezone = this.getTimezone();
		const placeInRequest: Placement = (destination, value) => putInRequest(options, destination, value);
		const read = new Map<string, unknown>();
		for (const plan of plans) {
			if (!isShown(this, plan.field)) continue;
			read.set(plan.field.name, readField(this, plan, parameterOf(this, plan.field.name), plan.label, timezone, placeInRequest));
		}
		for (const plan of plans) {
			const earlier = useOf(plan.field).notBefore;
			if (earlier !== undefined) checkOrder(this, plans, read, earlier, plan.field);
		}
		for (const plan of plans) {
			if (useOf(plan.field).notPast === true) checkNotPast(this, read.get(plan.field.name), plan.label);
		}
		return options;
	};
}

/** The input item as the form's names give it: itself, or the values its shape gives beside its own fields. */
function shapedItem(context: IExecuteSingleFunctions, shape: InputShape | undefined): IDataObject {
	const item = context.getInputData().json;
	if (shape === undefined) return item;
	return { ...item, ...shape.valuesOf(item, (itemField, problem) => refuse(context, orderFieldLabel(itemField), problem)) };
}

function isValue(field: INodeProperties): boolean {
	return !NOT_VALUES.includes(field.type);
}

function listOf(to: Destination | Destination[] | undefined): Destination[] {
	if (to === undefined) return [];
	return Array.isArray(to) ? to : [to];
}

/** `inputLabel`: errors name the input item's fields (Map Automatically), not the form's. */
function planOf(operation: string, field: INodeProperties, path: string, label: string, nested = false, inputLabel?: (name: string) => string): FieldPlan {
	const required = field.required === true;
	// An optional dropdown left empty is not chosen, as optional text left empty is not given.
	const blankAllowed = !required && (nested || field.type === 'string' || field.type === 'options');
	const to = listOf(useOf(field).to);
	if (field.type === 'collection') {
		const children = ((field.options ?? []) as INodeProperties[])
			.filter(isValue)
			.map((child) => planOf(operation, child, `${path}.${child.name}`, inputLabel ? inputLabel(child.name) : `${label} › ${child.displayName}`, true, inputLabel));
		return { field, label, required, blankAllowed, to, children };
	}
	if (field.type === 'fixedCollection') {
		const multiple = field.typeOptions?.multipleValues === true;
		const groups = ((field.options ?? []) as INodePropertyCollection[]).map((group) => ({
			group,
			multiple,
			to: listOf(useOf(group).to),
			children: group.values
				.filter(isValue)
				.map((child) => planOf(operation, child, `${path}.${group.name}.${child.name}`, inputLabel ? `"${child.name}"` : child.displayName, true, inputLabel)),
		}));
		return { field, label, required, blankAllowed, to, groups };
	}
	const rule = ruleOf(field);
	if (rule === undefined) throw new Error(`The ${field.type} field ${path} of the operation ${operation} has no rule`);
	return { field, label, rule, required, blankAllowed: blankAllowed && rule !== 'yesNo', to };
}

function putInRequest(options: IHttpRequestOptions, destination: Destination, value: unknown): void {
	const sent = (destination.as ? destination.as(value) : value) as IDataObject[string];
	if (destination.in === 'query') options.qs = { ...options.qs, [destination.property]: sent };
	else options.body = { ...((options.body as IDataObject | undefined) ?? {}), [destination.property]: sent };
}

/** Refuses a date read for `earlierName` that is after the one read for `later` (both RFC 3339, the workflow's zone). */
function checkOrder(context: IExecuteSingleFunctions, plans: FieldPlan[], read: Map<string, unknown>, earlierName: string, later: INodeProperties): void {
	const start = read.get(earlierName);
	const end = read.get(later.name);
	if (typeof start !== 'string' || typeof end !== 'string') return;
	if (DateTime.fromISO(start) > DateTime.fromISO(end)) {
		const earlier = plans.find((plan) => plan.field.name === earlierName)?.field.displayName ?? earlierName;
		throw refuse(context, earlier, `${start} is after ${later.displayName} ${end}`);
	}
}

/** Refuses a date read (RFC 3339) that is earlier than now by Cargus' clock, saying now in Bucharest, Cargus' time. */
function checkNotPast(context: IExecuteSingleFunctions, value: unknown, label: string): void {
	if (typeof value !== 'string') return;
	const now = DateTime.fromMillis(cargusNow());
	if (DateTime.fromISO(value) >= now) return;
	const bucharestNow = now.setZone(CARGUS_TIME_ZONE).toFormat('yyyy-MM-dd HH:mm');
	throw refuse(context, label, `${value} has already passed (it is ${bucharestNow} in Bucharest): enter a time still to come`);
}

/** Checks one field's value and places what it reads, which it returns; a blank value that is allowed is neither. */
function readField(
	context: IExecuteSingleFunctions,
	plan: FieldPlan,
	raw: unknown,
	label: string,
	timezone: string,
	place: Placement,
): unknown {
	const { field } = plan;
	if (plan.children || plan.groups) {
		if (isBlank(raw)) return undefined;
		if (typeof raw !== 'object' || Array.isArray(raw)) {
			throw refuse(context, label, `${quote(raw)} is not a set of fields: add the fields one by one`, undefined, 'format');
		}
		const values = raw as IDataObject;
		for (const child of plan.children ?? []) {
			if (child.field.name in values) readField(context, child, values[child.field.name], child.label, timezone, place);
		}
		for (const { group, multiple, to, children } of plan.groups ?? []) {
			const entries = values[group.name] ?? (multiple ? [] : undefined);
			if (entries === undefined) continue;
			const list = multiple ? entries : [entries];
			if (!Array.isArray(list)) throw refuse(context, `${label} › ${group.displayName}`, `${quote(entries)} is not a list of entries`, undefined, 'format');
			const read = list.map((entry, index) => {
				const where = multiple ? `${label} › ${index + 1}` : label;
				if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
					throw refuse(context, where, `${quote(entry)} is not a set of fields`, undefined, 'format');
				}
				const entryFields: IDataObject = {};
				for (const child of children) {
					const value = (entry as IDataObject)[child.field.name];
					readField(context, child, value, `${where} › ${child.label}`, timezone, (destination, read) => {
						entryFields[destination.property] = (destination.as ? destination.as(read) : read) as IDataObject[string];
					});
				}
				return entryFields;
			});
			for (const destination of to) place(destination, multiple ? read : read[0]);
		}
		return undefined;
	}
	const rule = RULES[plan.rule as RuleName];
	const value = plainValue(raw);
	// A yes/no value is never blank: an empty one is refused as not true or false.
	if (isBlank(value) && plan.rule !== 'yesNo') {
		if (plan.blankAllowed) return undefined;
		const reading = rule(undefined, { timezone, field });
		throw refuse(context, label, `a value is required${'allowed' in reading ? `: ${reading.allowed}` : ''}`);
	}
	const reading = rule(value, { timezone, field });
	// A value the rule cannot read is written wrongly: its format, which a model fixes itself.
	if ('problem' in reading) throw refuse(context, label, `${reading.problem}: ${reading.allowed}`, undefined, 'format');
	for (const destination of plan.to) place(destination, reading.value);
	return reading.value;
}

/** Whether a top-level field is shown for this item (Limit only without Return All, say). */
function isShown(context: IExecuteSingleFunctions, field: INodeProperties): boolean {
	const { show = {}, hide = {} } = field.displayOptions ?? {};
	const matches = (name: string, allowed: unknown[] | undefined) => {
		const value = comparable(parameterOf(context, name));
		return (allowed ?? []).some((candidate) => comparable(candidate) === value);
	};
	for (const [name, allowed] of Object.entries(show)) {
		// Map Automatically hides the form's fields, not their values: those come from the item.
		if (name.startsWith('@') || name === MAPPING_MODE) continue;
		if (!matches(name, allowed as unknown[])) return false;
	}
	for (const [name, hidden] of Object.entries(hide)) {
		if (!name.startsWith('@') && matches(name, hidden as unknown[])) return false;
	}
	return true;
}

function comparable(value: unknown): unknown {
	const reading = readYesNo(value);
	return 'value' in reading ? reading.value : value;
}
