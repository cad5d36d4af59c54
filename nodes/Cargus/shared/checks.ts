import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';

import { refuse } from './input';
import { parameterOf } from './itemParameters';
import { quote } from './quote';
import type { RuleName } from './rules';
import { RULES, ruleOf } from './rules';
import { isBlank, plainValue, readYesNo } from './values';

/*
 * Every parameter of every operation is checked before anything is sent, by one step that runs first
 * in each operation's preSend. The step is built from the node's own field definitions (display names,
 * required flags, collections) and the rules table, so a field added to a form is checked without
 * touching this file.
 */

const CONTAINERS: Array<INodeProperties['type']> = ['collection', 'fixedCollection'];
const NOT_VALUES: Array<INodeProperties['type']> = ['notice', 'hidden', 'button', 'callout'];
const SELECTORS = ['resource', 'operation'];

interface FieldCheck {
	field: INodeProperties;
	label: string;
	rule?: RuleName;
	required: boolean;
	/** Whether an empty value means "not given": optional text, optional fields inside collections; never yes/no. */
	blankAllowed: boolean;
	/** Fields inside a collection, by their name. */
	children?: FieldCheck[];
	/** A fixedCollection's groups. */
	groups?: Array<{ group: INodePropertyCollection; multiple: boolean; label: string; children: FieldCheck[] }>;
}

/** The node's properties with the input check as the first preSend step of every operation. */
export function withInputChecks(properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => {
		const resource = property.displayOptions?.show?.resource?.[0];
		if (property.name !== 'operation' || typeof resource !== 'string') return property;
		const options = (property.options as INodePropertyOptions[]).map((option) => {
			if (!option.routing) return option;
			const operation = String(option.value);
			const fields = properties.filter((field) => isFieldOf(field, resource, operation));
			const checks = fields.map((field) => planOf(field, resource, operation, field.name, field.displayName));
			const preSend = [checkInput(checks), ...(option.routing.send?.preSend ?? [])];
			return { ...option, routing: { ...option.routing, send: { ...option.routing.send, preSend } } };
		});
		return { ...property, options };
	});
}

function isFieldOf(field: INodeProperties, resource: string, operation: string): boolean {
	const show = field.displayOptions?.show;
	return (
		!SELECTORS.includes(field.name) &&
		!NOT_VALUES.includes(field.type) &&
		(show?.resource?.includes(resource) ?? false) &&
		(show?.operation?.includes(operation) ?? false)
	);
}

function planOf(field: INodeProperties, resource: string, operation: string, path: string, label: string, nested = false): FieldCheck {
	const required = field.required === true;
	const blankAllowed = !required && (nested || field.type === 'string');
	if (field.type === 'collection') {
		const children = ((field.options ?? []) as INodeProperties[])
			.filter((child) => !NOT_VALUES.includes(child.type))
			.map((child) => planOf(child, resource, operation, `${path}.${child.name}`, `${label} › ${child.displayName}`, true));
		return { field, label, required, blankAllowed, children };
	}
	if (field.type === 'fixedCollection') {
		const multiple = field.typeOptions?.multipleValues === true;
		const groups = ((field.options ?? []) as INodePropertyCollection[]).map((group) => ({
			group,
			multiple,
			label,
			children: group.values
				.filter((child) => !NOT_VALUES.includes(child.type))
				.map((child) => planOf(child, resource, operation, `${path}.${group.name}${multiple ? '[]' : ''}.${child.name}`, child.displayName, true)),
		}));
		return { field, label, required, blankAllowed, groups };
	}
	const rule = ruleOf(resource, operation, path, field);
	if (rule === undefined) throw new Error(`The rules table has no rule for the ${field.type} parameter ${resource}.${operation}:${path}`);
	return { field, label, rule, required, blankAllowed: blankAllowed && rule !== 'yesNo' };
}

/** The preSend step that refuses the item, naming the field and the item, on the first bad value. */
function checkInput(checks: FieldCheck[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const timezone = this.getTimezone();
		for (const check of checks) {
			if (!isShown(this, check.field)) continue;
			checkValue(this, check, parameterOf(this, check.field.name), check.label, timezone);
		}
		return options;
	};
}

function checkValue(context: IExecuteSingleFunctions, check: FieldCheck, raw: unknown, label: string, timezone: string): void {
	const { field } = check;
	if (CONTAINERS.includes(field.type)) {
		if (isBlank(raw)) return;
		if (typeof raw !== 'object' || Array.isArray(raw)) {
			throw refuse(context, label, `${quote(raw)} is not a set of fields: add the fields one by one`);
		}
		const values = raw as IDataObject;
		for (const child of check.children ?? []) {
			if (child.field.name in values) checkValue(context, child, values[child.field.name], child.label, timezone);
		}
		for (const { group, multiple, children } of check.groups ?? []) {
			const entries = values[group.name];
			if (entries === undefined) continue;
			const list = multiple ? entries : [entries];
			if (!Array.isArray(list)) throw refuse(context, `${label} › ${group.displayName}`, `${quote(entries)} is not a list of entries`);
			list.forEach((entry, index) => {
				const place = multiple ? `${label} › ${index + 1}` : label;
				if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
					throw refuse(context, place, `${quote(entry)} is not a set of fields`);
				}
				for (const child of children) {
					checkValue(context, child, (entry as IDataObject)[child.field.name], `${place} › ${child.label}`, timezone);
				}
			});
		}
		return;
	}
	const rule = RULES[check.rule as RuleName];
	const value = plainValue(raw);
	// A yes/no value is never blank: an empty one is refused as not true or false.
	if (isBlank(value) && check.rule !== 'yesNo') {
		if (check.blankAllowed) return;
		const reading = rule(undefined, { timezone, field });
		throw refuse(context, label, `a value is required${'allowed' in reading ? `: ${reading.allowed}` : ''}`);
	}
	const reading = rule(value, { timezone, field });
	if ('problem' in reading) throw refuse(context, label, `${reading.problem}: ${reading.allowed}`);
}

/** Whether a top-level field is shown for this item (Limit only without Return All, say). */
function isShown(context: IExecuteSingleFunctions, field: INodeProperties): boolean {
	const { show = {}, hide = {} } = field.displayOptions ?? {};
	const matches = (name: string, allowed: unknown[] | undefined) => {
		const value = comparable(parameterOf(context, name));
		return (allowed ?? []).some((candidate) => comparable(candidate) === value);
	};
	for (const [name, allowed] of Object.entries(show)) {
		if (SELECTORS.includes(name) || name.startsWith('@')) continue;
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
