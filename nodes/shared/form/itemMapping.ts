import type { IDataObject, IExecuteSingleFunctions, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

/*
 * Mapping Mode, as n8n's database nodes have it: each field in the form, or every field from the input
 * item's field of the same name. Mapping a whole order in one Edit Fields expression costs n8n one
 * evaluation per item, where a form of expressions costs two per field (docs/performance.md).
 */

export const MAPPING_MODE = 'mappingMode';
export const MAP_AUTOMATICALLY = 'autoMapInputData';
const DEFINE_BELOW = 'defineBelow';
export const INPUT_SHAPE = 'inputShape';
const FIELDS_BY_NAME = 'fieldsByName';

/**
 * An input item of another shape than the form's names, such as a shop's order as the shop sends it: the form's
 * values it gives, each read and checked as the form's. A value the item lacks is refused naming the item's field.
 */
export interface InputShape {
	name: string;
	value: string;
	description: string;
	/** The notice shown with this shape: what the item is and what comes from where. */
	notice: string;
	/** The values of the form's fields (by name) this item gives; `refuse` names the item's field that lacks one. */
	valuesOf(item: IDataObject, refuse: (itemField: string, problem: string) => Error): IDataObject;
	/** The item's field each form field is read from, for errors: `recipientPhone` → `shipping.phone, billing.phone`. */
	sources: Record<string, string>;
}

// Every shape a form takes, by its value: an error anywhere in the item's run names the shape's fields.
const SHAPES = new Map<string, InputShape>();

/**
 * The Mapping Mode field and a notice naming the input fields, then `fields`, each shown when mapped in the form.
 * With `shapes`, Map Automatically also takes items of those shapes (Input Shape), each with a notice of its own.
 */
export function withMappingMode(fields: INodeProperties[], what: string, shapes: InputShape[] = []): INodeProperties[] {
	const mode: INodeProperties = {
		displayName: 'Mapping Mode',
		name: MAPPING_MODE,
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Map Each Field Below', value: DEFINE_BELOW, description: `Set each field of the ${what} in this form` },
			{
				name: 'Map Automatically',
				value: MAP_AUTOMATICALLY,
				description: 'Read each field from the input item\'s field of the same name, e.g. an order mapped by one Edit Fields node',
			},
		],
		default: DEFINE_BELOW,
	};
	const byName = shapes.length > 0 ? { [INPUT_SHAPE]: [FIELDS_BY_NAME] } : {};
	const notice: INodeProperties = {
		displayName: `Each input item gives the ${what}'s fields by these names: ${fields.flatMap(inputNames).join(', ')}. Other fields of the item are left alone; a field it lacks takes the form's default.`,
		name: 'mappingNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { [MAPPING_MODE]: [MAP_AUTOMATICALLY], ...byName } },
	};
	const inForm = fields.map((field) => ({ ...field, displayOptions: { ...field.displayOptions, show: { ...field.displayOptions?.show, [MAPPING_MODE]: [DEFINE_BELOW] } } }));
	if (shapes.length === 0) return [mode, notice, ...inForm];
	for (const each of shapes) SHAPES.set(each.value, each);
	const shape: INodeProperties = {
		displayName: 'Input Shape',
		name: INPUT_SHAPE,
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Fields by Name', value: FIELDS_BY_NAME, description: `Each item gives the ${what}'s fields by the form's names` },
			...shapes.map(({ name, value, description }) => ({ name, value, description })),
		],
		default: FIELDS_BY_NAME,
		description: 'What each input item is',
		displayOptions: { show: { [MAPPING_MODE]: [MAP_AUTOMATICALLY] } },
	};
	const shapeNotices: INodeProperties[] = shapes.map((each) => ({
		displayName: each.notice,
		name: 'shapeNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { [MAPPING_MODE]: [MAP_AUTOMATICALLY], [INPUT_SHAPE]: [each.value] } },
	}));
	return [mode, shape, notice, ...shapeNotices, ...inForm];
}

/** The Input Shape chosen for the item in Map Automatically; undefined for fields by name, or a form without shapes. */
export function inputShapeOf(context: IExecuteSingleFunctions): InputShape | undefined {
	if (SHAPES.size === 0 || context.getNodeParameter(MAPPING_MODE, DEFINE_BELOW) !== MAP_AUTOMATICALLY) return undefined;
	return SHAPES.get(context.getNodeParameter(INPUT_SHAPE, FIELDS_BY_NAME) as string);
}

/** How an error names a form field read from an item of a shape: by the item's field it came from. */
export function shapeFieldLabel(shape: InputShape, name: string): string {
	const source = shape.sources[name];
	return source === undefined ? inputFieldLabel(name) : orderFieldLabel(source);
}

/** How an error names the order's fields a value comes from: `shipping.phone, billing.phone` → Order field "shipping.phone" or "billing.phone". */
export function orderFieldLabel(paths: string): string {
	return `Order field ${paths.split(', ').map((path) => `"${path}"`).join(' or ')}`;
}

/** The names a field takes in the input item: a collection's own fields sit beside the others. */
function inputNames(field: INodeProperties): string[] {
	if (field.type === 'notice') return [];
	if (field.type === 'collection') return ((field.options ?? []) as INodeProperties[]).map((child) => child.name);
	return [field.name];
}

/**
 * Each field's value as the form would hold it, taken from the input item: a collection gathers its own
 * fields, a list of entries (Parcels) is the item's list, and a field the item lacks has its default,
 * as has a field an entry of the list lacks.
 */
export function formValuesOf(json: IDataObject, fields: INodeProperties[]): Map<string, unknown> {
	const has = (name: string) => Object.prototype.hasOwnProperty.call(json, name);
	const values = new Map<string, unknown>();
	for (const field of fields) {
		if (field.name === MAPPING_MODE || field.name === INPUT_SHAPE || field.type === 'notice') continue;
		if (field.type === 'collection') {
			const children = ((field.options ?? []) as INodeProperties[]).filter((child) => has(child.name));
			values.set(field.name, Object.fromEntries(children.map((child) => [child.name, json[child.name]])));
		} else if (field.type === 'fixedCollection') {
			const [group] = (field.options ?? []) as INodePropertyCollection[];
			const entries = has(field.name) ? json[field.name] : (field.default as IDataObject)[group.name];
			values.set(field.name, { [group.name]: Array.isArray(entries) ? entries.map((entry) => withDefaults(entry, group)) : entries });
		} else {
			values.set(field.name, has(field.name) ? json[field.name] : field.default);
		}
	}
	return values;
}

/** A list entry with the defaults of the fields it lacks, as n8n fills an entry added in the form. */
function withDefaults(entry: unknown, group: INodePropertyCollection): unknown {
	if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
	return { ...Object.fromEntries(group.values.map((child) => [child.name, child.default])), ...entry };
}

/** How an error names a field read from the input item: by the item's own field name. */
export function inputFieldLabel(name: string): string {
	return `Input field "${name}"`;
}

/** How an error names a field: by the input item's field in Map Automatically, by the form's label otherwise. */
export function fieldLabel(context: IExecuteSingleFunctions, name: string, displayName: string): string {
	const shape = inputShapeOf(context);
	if (shape !== undefined) return shapeFieldLabel(shape, name);
	return context.getNodeParameter(MAPPING_MODE, DEFINE_BELOW) === MAP_AUTOMATICALLY ? inputFieldLabel(name) : displayName;
}
