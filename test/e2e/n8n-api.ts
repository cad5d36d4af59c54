/** What the end-to-end runs ask n8n's REST API (as the owner): workflows, activation, executions and their data. */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'flatted';
import { EXAMPLES_DIR, type Launched } from '../../scripts/lib/launcher';
import type { SandboxControl } from '../../sandbox/control/client';
import { ACCOUNTS, DEFAULT_ACCOUNT } from '../../sandbox/world/seed';

export interface WorkflowSummary {
	id: string;
	name: string;
	active: boolean;
	versionId?: string;
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
}

export interface ExampleWorkflow {
	id: string;
	name: string;
	nodes: Array<{ name: string; type: string; parameters: Record<string, unknown> }>;
}

export interface NodeOutputItem {
	json: Record<string, unknown>;
	binary?: Record<string, { id?: string; fileName?: string; mimeType?: string; fileSize?: string }>;
}

/** An execution with its run data: the items each node put out, per run. */
export interface ExecutionDetail extends ExecutionSummary {
	runData: Record<string, Array<{ data?: { main?: Array<NodeOutputItem[] | null> } }>>;
	error?: string;
}

const UNFINISHED = new Set(['new', 'running', 'waiting']);

/** Whether n8n still runs (or is about to run) the execution. */
export function isUnfinished(summary: ExecutionSummary): boolean {
	return UNFINISHED.has(summary.status);
}

/**
 * A workflow's executions, each once. n8n's list joins the executions it is running with those saved as finished,
 * and one finishing in between can be listed twice (seen in queue mode: 7 entries for 6 runs); the finished entry wins.
 */
export async function executionsOf(n8n: Launched, workflowId: string): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const data = await n8n.rest<{ results: ExecutionSummary[] } | ExecutionSummary[]>('GET', `/rest/executions?filter=${filter}&limit=100`);
	return onceEach(Array.isArray(data) ? data : data.results);
}

/** Each execution once, by id, in the order first listed; an entry of a finished state wins over an unfinished one. */
export function onceEach(listed: ExecutionSummary[]): ExecutionSummary[] {
	const byId = new Map<string, ExecutionSummary>();
	for (const summary of listed) {
		const id = String(summary.id);
		const known = byId.get(id);
		if (!known || (isUnfinished(known) && !isUnfinished(summary))) byId.set(id, { ...summary, id });
	}
	return [...byId.values()];
}

/** Waits until every one of the executions named has finished; answers their summaries. */
export async function finishedExecutions(n8n: Launched, workflowId: string, ids: string[], timeoutMs: number): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const listed = new Map((await executionsOf(n8n, workflowId)).map((summary) => [summary.id, summary]));
		const mine = ids.map((id) => listed.get(id));
		if (mine.every((summary) => summary !== undefined && !isUnfinished(summary))) return mine as ExecutionSummary[];
		if (Date.now() > deadline) {
			throw new Error(`executions ${ids.filter((_id, index) => !mine[index] || isUnfinished(mine[index]!)).join(', ')} of ${workflowId} had not finished after ${timeoutMs} ms`);
		}
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

export async function execution(n8n: Launched, id: string): Promise<ExecutionDetail> {
	const raw = await n8n.rest<ExecutionSummary & { data: string }>('GET', `/rest/executions/${id}`);
	const data = parse(raw.data) as { resultData?: { runData?: ExecutionDetail['runData']; error?: { message?: string } } };
	return { ...raw, runData: data.resultData?.runData ?? {}, error: data.resultData?.error?.message };
}

/** The items a node put out in an execution (all runs, first output). */
export function outputOf(detail: ExecutionDetail, nodeName: string): NodeOutputItem[] {
	return (detail.runData[nodeName] ?? []).flatMap((run) => run.data?.main?.[0] ?? []);
}

export async function activate(n8n: Launched, workflowId: string): Promise<void> {
	const wf = await n8n.rest<WorkflowSummary>('GET', `/rest/workflows/${workflowId}`);
	await n8n.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId: wf.versionId });
}

/**
 * The barcodes the imported "Tell the customer" example's trigger watches: every shipment of the sandbox account
 * (Watch: All Shipments of the Account), or the listed ones (the launcher points them at the sandbox's shipments on their way).
 */
export async function watchedBarcodes(n8n: Launched, workflowId: string, control: SandboxControl): Promise<string[]> {
	const imported = await n8n.rest<ExampleWorkflow>('GET', `/rest/workflows/${workflowId}`);
	const trigger = imported.nodes.find((n) => n.type === 'n8n-nodes-cargus.cargusTrigger');
	if (!trigger) throw new Error(`workflow ${workflowId} has no Cargus Trigger`);
	if (trigger.parameters.watch === 'account') {
		const clientId = ACCOUNTS.find((account) => account.username === DEFAULT_ACCOUNT.username)?.clientId;
		return (await control.shipments()).filter((shipment) => shipment.clientId === clientId).map((shipment) => shipment.barcode);
	}
	return String(trigger.parameters.barcodes).split(/[\s,]+/).filter(Boolean);
}

export function example(id: string): ExampleWorkflow {
	for (const f of fs.readdirSync(EXAMPLES_DIR).filter((x) => x.endsWith('.json'))) {
		const wf = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, f), 'utf8')) as ExampleWorkflow;
		if (wf.id === id) return wf;
	}
	throw new Error(`no example workflow with id ${id}`);
}
