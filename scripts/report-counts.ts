// Prints Vitest's JSON reports as "N passed, N failed[, N skipped]": the line CI reads. Takes
// every report given (npm test's two lanes write one each), else .vitest-reports/report.json.
import { existsSync, readFileSync } from 'node:fs';

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const files = process.argv.slice(2).filter(existsSync);
if (process.argv.length <= 2 && existsSync('.vitest-reports/report.json'))
  files.push('.vitest-reports/report.json');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of files) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
  total.passed += report.numPassedTests;
  total.failed += report.numFailedTests;
  total.skipped += report.numPendingTests + report.numTodoTests;
}
console.log(
  `${total.passed} passed, ${total.failed} failed` + (total.skipped ? `, ${total.skipped} skipped` : ''),
);
