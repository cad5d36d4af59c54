/**
 * The node, the trigger and the credential as n8n loads them, serialised: a refactor that leaves behaviour alone
 * leaves this text byte for byte as recorded. Functions are written as "[function <name>]", so a function renamed
 * or moved between fields shows too. Recorded at commit 55e1a36 (before issue 50's refactor);
 * `CARGUS_RECORD=1 npx jest test/node/descriptionDump.test.ts` records it again.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { DirectoryLoader } from 'n8n-core';

import { CargusApi } from '../../credentials/CargusApi.credentials';
import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { CargusTrigger } from '../../nodes/CargusTrigger/CargusTrigger.node';

const RECORDED = path.join(__dirname, 'recorded', 'description.json');

/** An object's own fields and its class's methods (the credential's preAuthentication, the trigger's poll). */
function withMethods(value: object): object {
	const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(value) as object).filter((name) => name !== 'constructor');
	return { ...value, ...Object.fromEntries(methods.map((name) => [name, (value as Record<string, unknown>)[name]])) };
}

function loadedNode(): Cargus {
	const node = new Cargus();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(node);
	return node;
}

function dump(): string {
	const loaded = { cargus: withMethods(loadedNode()), cargusTrigger: withMethods(new CargusTrigger()), cargusApi: withMethods(new CargusApi()) };
	return `${JSON.stringify(loaded, (_key, field: unknown) => (typeof field === 'function' ? `[function ${field.name || 'anonymous'}]` : field), '\t')}\n`;
}

test('the node, the trigger and the credential are described byte for byte as recorded', () => {
	const now = dump();
	if (process.env.CARGUS_RECORD === '1') writeFileSync(RECORDED, now);
	expect(existsSync(RECORDED)).toBe(true);
	expect(now).toBe(readFileSync(RECORDED, 'utf8'));
});

test('the dump names the functions of the routing and the credential', () => {
	expect(dump()).toMatch(/"\[function \w+\]"/);
	expect(dump()).toContain('"preAuthentication": "[function preAuthentication]"');
});
