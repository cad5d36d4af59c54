import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { parameterOf } from '../../nodes/shared/form/itemParameters';

/** A context as operationRun makes them: the item's own object over one shared by every item. */
function itemContext(shared: object, itemIndex: number, values: Record<string, unknown>): IExecuteSingleFunctions {
	return Object.assign(Object.create(shared) as object, {
		getItemIndex: () => itemIndex,
		getNodeParameter: (name: string) => values[name],
		getInputData: () => ({ json: {} }),
	}) as unknown as IExecuteSingleFunctions;
}

test('A parameter read once per item is the item\'s own, also where a context shared by the items was read first', () => {
	const shared = { getItemIndex: () => 0, getNodeParameter: () => 'shared', getInputData: () => ({ json: {} }) } as unknown as IExecuteSingleFunctions;
	expect(parameterOf(shared, 'barcode')).toBe('shared');
	const first = itemContext(shared, 1, { barcode: 'one' });
	const second = itemContext(shared, 2, { barcode: 'two' });
	expect([parameterOf(first, 'barcode'), parameterOf(second, 'barcode')]).toEqual(['one', 'two']);
	// n8n's output steps run on Object.create(item context): the item's reading, not read again.
	const output = Object.create(first) as IExecuteSingleFunctions;
	expect(parameterOf(output, 'barcode')).toBe('one');
});
