import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath, startConsoleServer, stopConsoleServer } from '../tests/browser/harness.ts';
const dist = process.env.DIST ?? 'dist';
const server = await startConsoleServer({ ESTATE_TEST_DIST: dist, ESTATE_DIST: dist });
const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
try {
  for (const path of process.argv.slice(2)) {
    const result = await lighthouse(server.baseUrl + path, { port: chrome.port, logLevel: 'error' });
    const lhr = result!.lhr;
    const a = lhr.audits;
    console.log(path, 'perf', lhr.categories.performance?.score, 'FCP', a['first-contentful-paint']?.displayValue, 'LCP', a['largest-contentful-paint']?.displayValue, 'TBT', a['total-blocking-time']?.displayValue, 'CLS', a['cumulative-layout-shift']?.displayValue, 'SI', a['speed-index']?.displayValue);
    for (const id of ['render-blocking-resources', 'largest-contentful-paint-element', 'lcp-breakdown-insight', 'render-blocking-insight', 'network-dependency-tree-insight', 'bootup-time', 'total-byte-weight', 'server-response-time']) {
      const audit = a[id];
      if (!audit) continue;
      console.log('  ', id, audit.displayValue ?? '', JSON.stringify(audit.details)?.slice(0, 1500));
    }
  }
} finally {
  chrome.kill();
  await stopConsoleServer(server);
}
