/** Where a CPU profile (.cpuprofile) spends its time: self time by package and function, total time by function. */
import fs from 'node:fs';

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
}
interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	children?: number[];
}
export interface Profile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

function where(frame: CallFrame): string {
	const url = frame.url.replace(/^file:\/\//, '');
	const modules = url.lastIndexOf('node_modules/');
	if (url.includes('n8n-nodes-cargus/dist/')) return `n8n-nodes-cargus/${url.slice(url.indexOf('dist/'))}`;
	if (modules >= 0) {
		const rest = url.slice(modules + 'node_modules/'.length).split('/');
		return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
	}
	return url === '' ? `(${frame.functionName || 'native'})` : url.startsWith('node:') ? 'node' : url;
}

export function summarize(profile: Profile): string {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const self = new Map<number, number>();
	for (let index = 0; index < profile.samples.length; index++) {
		self.set(profile.samples[index], (self.get(profile.samples[index]) ?? 0) + (profile.timeDeltas[index] ?? 0));
	}
	const total = [...self.values()].reduce((sum, value) => sum + value, 0);
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

	const selfByFunction = new Map<string, number>();
	const selfByPackage = new Map<string, number>();
	const inclusive = new Map<string, number>();
	for (const [id, time] of self) {
		const node = byId.get(id)!;
		const key = `${node.callFrame.functionName || '(anonymous)'}  ${where(node.callFrame)}:${node.callFrame.lineNumber + 1}`;
		selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + time);
		selfByPackage.set(where(node.callFrame).split('/')[0], (selfByPackage.get(where(node.callFrame).split('/')[0]) ?? 0) + time);
		const seen = new Set<string>();
		for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
			const frame = byId.get(current)!.callFrame;
			const name = `${frame.functionName || '(anonymous)'}  ${where(frame)}:${frame.lineNumber + 1}`;
			if (seen.has(name)) continue;
			seen.add(name);
			inclusive.set(name, (inclusive.get(name) ?? 0) + time);
		}
	}
	const top = (map: Map<string, number>, count: number) =>
		[...map.entries()]
			.sort((a, b) => b[1] - a[1])
			.slice(0, count)
			.map(([name, time]) => `  ${((100 * time) / total).toFixed(1).padStart(5)} %  ${(time / 1000).toFixed(0).padStart(6)} ms  ${name}`)
			.join('\n');
	return [
		`Profiled ${(total / 1e6).toFixed(2)} s of samples`,
		'Self time by package:',
		top(selfByPackage, 15),
		'Self time by function:',
		top(selfByFunction, 30),
		'Total time (self and callees) by function:',
		top(inclusive, 60),
	].join('\n');
}

// `ts-node bench/profileSummary.ts FILE.cpuprofile` summarizes a profile written by `node --cpu-prof`.
if (require.main === module) {
	process.stdout.write(`${summarize(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Profile)}\n`);
}
