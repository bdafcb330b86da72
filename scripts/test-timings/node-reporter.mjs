// A node --test reporter that writes one JSON line per test file: its wall time
// (from the runner starting the file to its end), its tests and failures. Used
// beside the spec reporter; scripts/test-timings/report.mjs reads the lines.
//   node --test --test-reporter=spec --test-reporter-destination=stdout \
//     --test-reporter=./scripts/test-timings/node-reporter.mjs --test-reporter-destination=FILE ...
export default async function* fileTimings(source) {
  const files = new Map();
  const entry = (file) => {
    if (!files.has(file)) files.set(file, { started: Date.now(), tests: 0, failed: 0 });
    return files.get(file);
  };
  for await (const event of source) {
    const { file, name, nesting } = event.data ?? {};
    if (!file) continue;
    // The file itself is a test named by its path: dequeued when its process starts, complete when it ends.
    const isFile = name === file && nesting === 0;
    if (event.type === 'test:dequeue' && isFile) entry(file).started = Date.now();
    else if ((event.type === 'test:pass' || event.type === 'test:fail') && !isFile && !event.data.details?.type) {
      const current = entry(file);
      current.tests += 1;
      if (event.type === 'test:fail') current.failed += 1;
    } else if (event.type === 'test:complete' && isFile) entry(file).ended = Date.now();
  }
  // Written at the end: a file's own results may be reported after the file's end.
  for (const [file, { started, ended, tests, failed }] of files)
    yield `${JSON.stringify({ file, seconds: ((ended ?? Date.now()) - started) / 1000, tests, failed })}\n`;
}
