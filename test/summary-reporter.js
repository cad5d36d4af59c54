// Prints the closing line CI reads: "jest: N passed, N failed, N skipped".
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results;
		const skipped = numPendingTests + numTodoTests;
		process.stdout.write(`\njest: ${numPassedTests} passed, ${numFailedTests} failed, ${skipped} skipped\n`);
	}
}
module.exports = SummaryReporter;
