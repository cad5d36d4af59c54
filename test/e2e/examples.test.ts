/**
 * The example workflows use the Cargus node's and trigger's real parameter names: every parameter set in an
 * example exists (and is shown) for its resource/operation, and every required one is set. Unknown parameters
 * would be ignored silently by n8n, so this catches renames in the node early. The end-to-end test
 * (npm run test:e2e) runs the examples in a real n8n.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CargusApi } from '../../credentials/CargusApi.credentials';
import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { CargusTrigger } from '../../nodes/CargusTrigger/CargusTrigger.node';
import { credentialsFor } from '../../scripts/lib/launcher';
import { SECRET_PLACEHOLDER } from '../../scripts/lib/webhook-secret';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const descriptions: Record<string, INodeTypeDescription> = {
	'n8n-nodes-cargus.cargus': new Cargus().description,
	'n8n-nodes-cargus.cargusTrigger': new CargusTrigger().description,
};

interface ExampleNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
}

const files = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
const cargusNodes = files.flatMap((file) => {
	const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as { nodes: ExampleNode[] };
	return workflow.nodes.filter((n) => n.type in descriptions).map((node) => ({ file, node }));
});

/**
 * As n8n's displayParameter: a field is shown when its `show` values hold the parameter's, and an expression
 * shows it. A parameter the example leaves out has its default, as n8n fills it in on import.
 */
function shownFor(properties: INodeProperties[], parameters: Record<string, unknown>): INodeProperties[] {
	const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');
	return properties.filter((p) =>
		Object.entries(p.displayOptions?.show ?? {}).every(
			([key, values]) => key.startsWith('@') || isExpression(parameters[key]) || (values as unknown[]).includes(parameters[key]),
		),
	);
}

describe('example workflows', () => {
	it('are eight, with Cargus nodes and the Cargus Trigger', () => {
		expect(files).toHaveLength(8);
		expect(cargusNodes.map(({ node }) => node.type)).toEqual(
			expect.arrayContaining(['n8n-nodes-cargus.cargus', 'n8n-nodes-cargus.cargusTrigger']),
		);
	});

	it.each(cargusNodes.map(({ file, node }) => [`${file} › ${node.name}`, node] as const))(
		'%s uses existing parameters and sets the required ones',
		(_label, node) => {
			const { properties } = descriptions[node.type];
			const withDefaults = NodeHelpers.getNodeParameters(properties, node.parameters as INodeParameters, true, false, null, null) ?? {};
			const shown = shownFor(properties, withDefaults);
			const problems: string[] = [];
			for (const [name, value] of Object.entries(node.parameters)) {
				if (name === 'pollTimes') continue; // added by n8n to polling triggers
				const property = shown.find((p) => p.name === name);
				if (!property) {
					problems.push(`unknown parameter "${name}"`);
					continue;
				}
				if (property.type === 'collection' && value && typeof value === 'object') {
					for (const key of Object.keys(value)) {
						const options = (property.options ?? []) as INodeProperties[];
						if (!options.some((o) => o.name === key)) problems.push(`unknown field "${name}.${key}"`);
					}
				}
			}
			for (const property of shown) {
				if (property.required && !(property.name in node.parameters)) problems.push(`required "${property.name}" not set`);
			}
			expect(problems).toEqual([]);
			expect(node.credentials?.cargusApi?.name).toBe('Cargus Sandbox');
		},
	);
});

describe('the examples\' webhook secret', () => {
	it('is the placeholder in every file (the check refuses it; npm start sets each install\'s own)', () => {
		const secrets = files.flatMap((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as { nodes: ExampleNode[] };
			return workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.crypto').map((node) => `${file}: ${String(node.parameters.secret)}`);
		});
		expect(secrets).toEqual(['1-eshop-order-to-awb-and-label.json', '7-shopify-order-to-awb.json'].map((file) => `${file}: ${SECRET_PLACEHOLDER}`));
	});
});

describe('the credential npm start imports', () => {
	it.each(['http://127.0.0.1:4000', 'http://127.0.0.1:40123'])('for a sandbox at %s uses the Cargus API fields', (url) => {
		const cargus = credentialsFor(url, { host: '127.0.0.1', port: 2525 })[0] as { type: string; data: Record<string, unknown> };
		const fields = new CargusApi().properties.map((p) => p.name);
		expect(cargus.type).toBe('cargusApi');
		expect(Object.keys(cargus.data).filter((key) => !fields.includes(key))).toEqual([]);
		const environment = new CargusApi().properties.find((p) => p.name === 'environment');
		const values = (environment?.options ?? []).map((o) => (o as { value: unknown }).value);
		expect(values).toContain(cargus.data.environment);
		expect(cargus.data.environment).toBe('custom');
		expect(cargus.data.baseUrl).toBe(url);
	});
});
