import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import type { RuleName } from './rules';

/** Where a field's value goes in the request, under which name, and in what form if not as read. */
export interface Destination {
	in: 'query' | 'body';
	property: string;
	as?: (value: unknown) => unknown;
}

/** How a field's value is read and where it goes: what the input step (checks.ts) does with it. */
export interface FieldUse {
	/** The kind of value (rules.ts); text, yes/no, date and option fields have theirs by type. */
	rule?: RuleName;
	/** Not sent when absent: an operation step reads it. Inside a list entry, `property` names the entry's field. */
	to?: Destination | Destination[];
	/** The name of a date field of the same operation this date may not be earlier than. */
	notBefore?: string;
	/** Whether a date that has already passed is refused (a courier cannot come yesterday). */
	notPast?: boolean;
	/** One property of the node for every operation that includes this field (n8n resolves each property for every item). */
	oneForAllOperations?: boolean;
}

export function toQuery(property: string, as?: Destination['as']): Destination {
	return { in: 'query', property, as };
}

export function toBody(property: string, as?: Destination['as']): Destination {
	return { in: 'body', property, as };
}

/** A yes/no value the interface takes as 1 or 0. */
export function oneOrZero(value: unknown): number {
	return value === true ? 1 : 0;
}

// Kept on the field object, so copies (`{ ...field }`) keep it and n8n's form never shows it.
const USE = Symbol('cargusFieldUse');

/** A form field (or a fixedCollection's group) with its rule and where its value goes. */
export function field(form: INodeProperties, use: FieldUse): INodeProperties;
export function field(form: INodePropertyCollection, use: FieldUse): INodePropertyCollection;
export function field(form: INodeProperties | INodePropertyCollection, use: FieldUse): INodeProperties | INodePropertyCollection {
	const declared: typeof form & { [USE]?: FieldUse } = { ...form };
	declared[USE] = { ...useOf(form), ...use };
	return declared;
}

export function useOf(form: INodeProperties | INodePropertyCollection): FieldUse {
	return (form as { [USE]?: FieldUse })[USE] ?? {};
}

const RULE_BY_TYPE: Partial<Record<INodeProperties['type'], RuleName>> = {
	string: 'text',
	boolean: 'yesNo',
	dateTime: 'date',
	options: 'choice',
};

/** The field's declared rule, or the one of its type; undefined for a number field without one. */
export function ruleOf(form: INodeProperties): RuleName | undefined {
	return useOf(form).rule ?? RULE_BY_TYPE[form.type];
}
