// Prints, at the end of a run, where its time went (the slowest files and tests, wall seconds: under load they show
// what waits on the machine) and the closing line CI reads: "jest: N passed, N failed, N skipped".
// CARGUS_JEST_TIMES=N prints N rows of each table (default 15; 0 none).
const seconds = (ms) => (ms / 1000).toFixed(1);

class SummaryReporter {
	onRunComplete(_contexts, results) {
		const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results;
		const rows = Number(process.env.CARGUS_JEST_TIMES ?? 15);
		const files = results.testResults
			.map((file) => ({
				path: file.testFilePath.replace(`${process.cwd()}/`, ''),
				ms: file.perfStats.end - file.perfStats.start,
				endedAt: file.perfStats.end - results.startTime,
				tests: file.numPassingTests + file.numFailingTests,
			}))
			.sort((a, b) => b.ms - a.ms);
		if (rows > 0) {
			const sum = files.reduce((total, file) => total + file.ms, 0);
			const wall = Math.max(...results.testResults.map((file) => file.perfStats.end)) - results.startTime;
			const out = [`\njest: the ${Math.min(rows, files.length)} slowest of ${files.length} files (wall seconds; the files' sum ${seconds(sum)} s, the run ${seconds(wall)} s)`];
			out.push('| seconds | tests | ended at (s from the start) | file |', '|---|---|---|---|');
			for (const file of files.slice(0, rows)) out.push(`| ${seconds(file.ms)} | ${file.tests} | ${seconds(file.endedAt)} | ${file.path} |`);
			const tests = results.testResults
				.flatMap((file) => file.testResults.map((test) => ({ name: `${file.testFilePath.replace(`${process.cwd()}/`, '')}: ${test.fullName}`, ms: test.duration ?? 0 })))
				.sort((a, b) => b.ms - a.ms)
				.slice(0, rows);
			out.push(`\njest: the ${tests.length} slowest tests (wall seconds)`, '| seconds | test |', '|---|---|');
			for (const test of tests) out.push(`| ${seconds(test.ms)} | ${test.name.slice(0, 200)} |`);
			process.stdout.write(`${out.join('\n')}\n`);
		}
		const skipped = numPendingTests + numTodoTests;
		process.stdout.write(`\njest: ${numPassedTests} passed, ${numFailedTests} failed, ${skipped} skipped\n`);
	}
}
module.exports = SummaryReporter;
