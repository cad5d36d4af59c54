/**
 * The examples stay small enough to read and change in the editor: no expression longer than 200 characters in any
 * of them (what decides money, which order and what it weighs, is the node's, tested, not a long expression's), and
 * the two shop examples at most 20 nodes besides their sticky notes. docs/examples.md states the figures this test
 * measures, and the test fails when they differ.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const EXAMPLES = path.join(ROOT, 'examples');
const LONGEST_EXPRESSION = 200;
const SHOP_EXAMPLE_NODES = 20;

interface Measured {
	file: string;
	nodes: number;
	expressions: number;
	longest: number;
	/** Each expression over the limit: the node, the parameter and its length. */
	tooLong: string[];
}

/** Every parameter value that is an expression (a string starting with "="), with where it is. */
function expressionsOf(value: unknown, where: string): Array<{ where: string; length: number }> {
	if (typeof value === 'string') return value.startsWith('=') ? [{ where, length: value.length }] : [];
	if (Array.isArray(value)) return value.flatMap((entry, index) => expressionsOf(entry, `${where}[${index}]`));
	if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, entry]) => expressionsOf(entry, `${where}.${key}`));
	return [];
}

function measure(file: string): Measured {
	const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as { nodes: Array<{ name: string; type: string; parameters: unknown }> };
	const nodes = workflow.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
	const expressions = nodes.flatMap((node) => expressionsOf(node.parameters, node.name));
	return {
		file,
		nodes: nodes.length,
		expressions: expressions.length,
		longest: Math.max(0, ...expressions.map((expression) => expression.length)),
		tooLong: expressions.filter((expression) => expression.length > LONGEST_EXPRESSION).map((expression) => `${expression.where} (${expression.length})`),
	};
}

const measured = fs.readdirSync(EXAMPLES).filter((file) => file.endsWith('.json')).sort().map(measure);

describe('the examples stay small', () => {
	it('there are eight examples', () => {
		expect(measured.map((example) => example.file.split('-')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
	});

	it.each(measured.map((example) => [example.file, example] as const))(`%s has no expression longer than ${LONGEST_EXPRESSION} characters`, (_file, example) => {
		expect(example.tooLong).toEqual([]);
	});

	it('each example\'s nodes have ids and names of their own (n8n refuses to import a workflow that repeats one)', () => {
		for (const file of measured.map((example) => example.file)) {
			const { nodes } = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as { nodes: Array<{ id: string; name: string }> };
			const repeated = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
			expect({ file, ids: repeated(nodes.map((node) => node.id)), names: repeated(nodes.map((node) => node.name)) }).toEqual({ file, ids: [], names: [] });
		}
	});

	it(`the shop examples (6 and 7) have at most ${SHOP_EXAMPLE_NODES} nodes besides their sticky notes`, () => {
		const shops = measured.filter((example) => /^[67]-/.test(example.file));
		expect(shops.filter((example) => example.nodes > SHOP_EXAMPLE_NODES).map((example) => `${example.file}: ${example.nodes}`)).toEqual([]);
	});

	it('docs/examples.md states each example\'s nodes, expressions and longest expression as measured', () => {
		const docs = fs.readFileSync(path.join(ROOT, 'docs', 'examples.md'), 'utf8');
		const table = /<!-- example sizes[^>]*-->\n([\s\S]+?)\n\n/.exec(docs)?.[1] ?? '';
		const stated = table
			.split('\n')
			.slice(2)
			.map((row) => row.split('|').map((cell) => cell.trim()).filter(Boolean))
			.map(([example, nodes, expressions, longest]) => ({ example, nodes: Number(nodes), expressions: Number(expressions), longest: Number(longest) }));
		expect(stated).toEqual(measured.map((example) => ({ example: example.file.split('-')[0], nodes: example.nodes, expressions: example.expressions, longest: example.longest })));
	});
});
