// The 20 slowest test files of each runner, from the reports a `scripts/test` run leaves in
// $ARTIFACTS_DIR/timings (printed by `scripts/test --timings`):
//   ctest.xml            ctest --output-junit (a gtest case's suite is found in its *_test.cpp)
//   api-*.jsonl          node --test with ./node-reporter.mjs, one line per file
//   vitest.json          vitest's json reporter
//   playwright.json      Playwright's json reporter
//   node scripts/test-timings/report.mjs [DIR] [COUNT]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = process.argv[2] ?? join(process.env.ARTIFACTS_DIR ?? join(ROOT, 'artifacts'), 'timings');
const count = Number(process.argv[3] ?? 20);

const read = (name) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : null);
const shortName = (file) => relative(ROOT, resolve(ROOT, file));

// [{ file, seconds, tests }] summed by file.
function byFile(rows) {
  const files = new Map();
  for (const { file, seconds, tests } of rows) {
    const entry = files.get(file) ?? { file, seconds: 0, tests: 0 };
    entry.seconds += seconds;
    entry.tests += tests;
    files.set(file, entry);
  }
  return [...files.values()];
}

// Which *_test.cpp holds each gtest suite.
function suiteFiles() {
  const suites = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('_test.cpp'))
        for (const [, suite] of readFileSync(path, 'utf8').matchAll(/^\s*TEST(?:_F|_P)?\(\s*(\w+)\s*,/gm)) suites.set(suite, shortName(path));
    }
  };
  walk(join(ROOT, 'server/src'));
  return suites;
}

function ctest(xml) {
  const suites = suiteFiles();
  return byFile([...xml.matchAll(/<testcase name="([^"]+)"[^>]*time="([\d.]+)"/g)].map(([, name, time]) => {
    const suite = name.split('.')[0].split('/').pop();
    return { file: suites.get(suite) ?? suite, seconds: Number(time), tests: 1 };
  }));
}

const nodeTest = (lines) =>
  byFile(lines.split('\n').filter(Boolean).map((line) => {
    const { file, seconds, tests } = JSON.parse(line);
    return { file: shortName(file), seconds, tests };
  }));

const vitest = (json) =>
  JSON.parse(json).testResults.map((result) => ({
    file: shortName(result.name),
    seconds: (result.endTime - result.startTime) / 1000,
    tests: result.assertionResults.length,
  }));

// A walk that passed only when run again is flaky: named after the table.
const flaky = [];
function playwright(json) {
  const rows = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        rows.push({ file, seconds: test.results.reduce((sum, r) => sum + r.duration, 0) / 1000, tests: 1 });
        if (test.status === 'flaky') flaky.push(`${file}: ${spec.title}`);
      }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of JSON.parse(json).suites) walk(suite, `web/e2e/${suite.file}`);
  return byFile(rows);
}

const runners = [['ctest', 'ctest.xml', ctest]];
for (const name of existsSync(dir) ? readdirSync(dir).sort() : [])
  if (name.endsWith('.jsonl')) runners.push([`node --test (${name.replace('.jsonl', '')})`, name, nodeTest]);
runners.push(['vitest', 'vitest.json', vitest], ['playwright', 'playwright.json', playwright]);

for (const [runner, name, parse] of runners) {
  const text = read(name);
  if (text === null) continue;
  const files = parse(text).sort((a, b) => b.seconds - a.seconds);
  const total = files.reduce((sum, f) => sum + f.seconds, 0);
  const tests = files.reduce((sum, f) => sum + f.tests, 0);
  console.log(`\n${runner}: ${files.length} files, ${tests} tests, ${total.toFixed(0)} s summed; the ${Math.min(count, files.length)} slowest:`);
  for (const f of files.slice(0, count)) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${String(f.tests).padStart(4)} tests  ${f.file}`);
}
if (flaky.length) console.log(`\nwalks that passed only on a retry (flaky):\n  ${flaky.join('\n  ')}`);
