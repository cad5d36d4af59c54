import type { INodeProperties } from 'n8n-workflow';

import { useOf } from '../form/field';
import type { Resource } from './operation';
import type { CustomOperation } from './operationRun';

const OPERATION_KEY = '$parameter["resource"] + "." + $parameter["operation"]';

/** The Resource selector, then every resource's operations and fields. */
export function nodeProperties(resources: Resource[], defaultResource: string): INodeProperties[] {
	const selector: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map(({ name, value }) => ({ name, value })),
		default: defaultResource,
	};
	return [selector, ...oneForAllOperations(resources, resources.flatMap((entry) => entry.properties))];
}

/** Every operation as n8n's customOperations hold them: by resource, then operation. */
export function customOperationsOf(resources: Resource[]): Record<string, Record<string, CustomOperation>> {
	return Object.fromEntries(resources.map((entry) => [entry.value, Object.fromEntries(entry.operations.map((operation) => [operation.value, operation.run]))]));
}

/** What the canvas shows under the node's name, from each operation's subtitle. */
export function subtitleOf(resources: Resource[]): string {
	const entries = resources.flatMap((entry) =>
		entry.operations.map((operation) => `${JSON.stringify(`${entry.value}.${operation.value}`)}: ${JSON.stringify(operation.subtitle)}`),
	);
	return `={{ {${entries.join(', ')}}[${OPERATION_KEY}] }}`;
}

/** An expression true for the list operations (those that output no item when Cargus finds nothing). */
export function isListCondition(resources: Resource[]): string {
	const lists = resources.flatMap((entry) => entry.operations.filter((operation) => operation.isList).map((operation) => `${entry.value}.${operation.value}`));
	return `={{ ${JSON.stringify(lists)}.includes(${OPERATION_KEY}) }}`;
}

/**
 * A field built `oneForAllOperations` (a Barcodes list, say) becomes one property shown for all the operations
 * that include it, at the place of the first.
 */
function oneForAllOperations(resources: Resource[], properties: INodeProperties[]): INodeProperties[] {
	const merged: INodeProperties[] = [];
	for (const property of properties) {
		const twinIndex = useOf(property).oneForAllOperations
			? merged.findIndex((candidate) => candidate.name === property.name && formOf(candidate) === formOf(property))
			: -1;
		if (twinIndex < 0) {
			merged.push(property);
			continue;
		}
		const twin = merged[twinIndex];
		const show = {
			...twin.displayOptions?.show,
			resource: union(twin.displayOptions?.show?.resource, property.displayOptions?.show?.resource),
			operation: union(twin.displayOptions?.show?.operation, property.displayOptions?.show?.operation),
		};
		assertNoOtherOperation(resources, twin, property, show);
		merged[twinIndex] = { ...twin, displayOptions: { ...twin.displayOptions, show } };
	}
	return merged;
}

function union(a: unknown[] | undefined, b: unknown[] | undefined): Array<string | number | boolean> {
	return [...new Set([...(a ?? []), ...(b ?? [])])] as Array<string | number | boolean>;
}

/** The form without the resource and operation it is shown for. */
function formOf(property: INodeProperties): string {
	const show = { ...property.displayOptions?.show };
	delete show.resource;
	delete show.operation;
	return JSON.stringify({ ...property, displayOptions: { ...property.displayOptions, show } });
}

/** Resources × operations of the merged field must not reach an operation that did not include it. */
function assertNoOtherOperation(resources: Resource[], a: INodeProperties, b: INodeProperties, show: { resource: unknown[]; operation: unknown[] }): void {
	const includes = (property: INodeProperties, resourceValue: unknown, operationValue: unknown) =>
		(property.displayOptions?.show?.resource ?? []).includes(resourceValue as string) &&
		(property.displayOptions?.show?.operation ?? []).includes(operationValue as string);
	for (const entry of resources) {
		if (!show.resource.includes(entry.value)) continue;
		for (const operation of entry.operations) {
			if (!show.operation.includes(operation.value) || includes(a, entry.value, operation.value) || includes(b, entry.value, operation.value)) continue;
			throw new Error(`The field ${a.name} would show for ${entry.value}.${operation.value}, which does not include it`);
		}
	}
}
