// Prints Vitest's JSON report as "N passed, N failed[, N skipped]": the line CI reads.
import { existsSync, readFileSync } from 'node:fs';

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const file = process.argv[2] ?? '.vitest-reports/report.json';
if (!existsSync(file)) {
  console.log('0 passed, 0 failed');
} else {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(
    `${report.numPassedTests} passed, ${report.numFailedTests} failed` +
      (skipped ? `, ${skipped} skipped` : ''),
  );
}
