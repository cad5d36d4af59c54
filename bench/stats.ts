export function median(values: readonly number[]): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface Row {
	measure: string;
	value: string;
	ratio?: string;
	target?: string;
	note?: string;
}

/** The benchmark's one table, as Markdown (it goes into docs/performance.md as it is). */
export function table(rows: readonly Row[]): string {
	const header = ['Measure', 'Median', 'Ratio', 'Target', 'Runs and notes'];
	const lines = rows.map((row) => [row.measure, row.value, row.ratio ?? '', row.target ?? '', row.note ?? '']);
	const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
	const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
	return [format(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...lines.map(format)].join('\n');
}

export function seconds(ms: number): string {
	return `${(ms / 1000).toFixed(2)} s`;
}

export function ratio(value: number, base: number): string {
	return `${(value / base).toFixed(2)}×`;
}

export function reached(ok: boolean): string {
	return ok ? 'met' : 'NOT met';
}
