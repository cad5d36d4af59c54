/**
 * What the Cargus Trigger's form says about each field: n8n shows a field's description when the pointer rests on
 * its label, and its hint under it. Every field has the first; Trigger On, Watch and Download PDF, which decide what
 * the workflow receives, have the second.
 */
import type { INodeProperties } from 'n8n-workflow';

import { CargusTrigger } from '../../nodes/CargusTrigger/CargusTrigger.node';

const { properties } = new CargusTrigger().description;

/** Every field of the form as `Display Name (event)`: the options inside each Options collection, not the collection. */
function fields(): Array<{ label: string; field: INodeProperties }> {
	return properties.flatMap((field) => {
		const event = field.displayOptions?.show?.event?.join(', ');
		const label = event ? `${field.displayName} (${event})` : field.displayName;
		if (field.type !== 'collection') return [{ label, field }];
		return ((field.options ?? []) as INodeProperties[]).map((option) => ({ label: `${label} › ${option.displayName}`, field: option }));
	});
}

test('every field of the trigger has a description, in sentence case', () => {
	const all = fields();
	expect(all.length).toBeGreaterThan(20);
	expect(all.filter(({ field }) => !field.description).map(({ label }) => label)).toEqual([]);
	expect(all.filter(({ field }) => !/^[A-Z]/.test(String(field.description))).map(({ label }) => label)).toEqual([]);
});

test('Trigger On, Watch and Download PDF say under them what they decide', () => {
	const hinted = properties.filter((field) => ['event', 'watch', 'downloadPdf'].includes(field.name));
	// Watch twice per event that has it: one copy per node version.
	expect(hinted.map((field) => field.displayName)).toEqual(expect.arrayContaining(['Trigger On', 'Watch', 'Download PDF']));
	expect(hinted.filter((field) => !field.hint || /\.$/.test(field.hint)).map((field) => field.displayName)).toEqual([]);
});

test('the texts add what the field\'s name does not say', () => {
	for (const field of properties.filter((candidate) => candidate.hint)) {
		expect(field.hint?.toLowerCase()).not.toBe(field.description?.toLowerCase());
		expect(field.description?.toLowerCase()).not.toBe(field.displayName.toLowerCase());
	}
});
