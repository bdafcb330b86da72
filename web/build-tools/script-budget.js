// The script budget (issue 77 item 6): no page of the storefront, and not the console before its first page, may load
// more than 150 KB of JavaScript, counted as a browser receives it. check-script-budget.js runs it on web/dist in
// `make test` (scripts/test); build-tools/__tests__/script-budget.test.ts checks the computation on a fixture.
//
// What a page loads, from the build's own lists (the same the server preloads from):
// - the start-up scripts, which every page loads: those index.html names (the entry, its static imports and the app's
//   start, build-tools/portal-build-plugin.ts);
// - its layout's scripts when the layout loads lazily (routes-manifest.json `layouts`);
// - its own scripts: the page module, what that imports and, for pages that buy or play, the commerce runtime
//   (routes-manifest.json `modules`, per route).
// The console's start is what admin.html names (its entry and the entry's static imports).
//
// What a browser receives for one script: the brotli twin the build wrote (precompress-plugin.ts), which the portal
// sends to every browser that accepts br (all of them over HTTPS), else the gzip twin, else the file; plus the answer's
// headers (HEADER_BYTES, the portal's asset answer: status line, type, ETag, caching, encoding, length, request id,
// nosniff). Scripts a page imports later (a dialog on first open, the player on first play, the header's search box
// from lg up) are not counted: no list names them before they are used.

/** 150 KB (KiB, as Lighthouse and the browsers' tools count). */
export const SCRIPT_BUDGET_BYTES = 150 * 1024;

/** The headers of one asset answer of the portal (about 310 bytes measured in Chromium: transfer minus body). */
export const HEADER_BYTES = 300;

/** The script files an HTML page names (`<script src>` and `<link rel="modulepreload" href>`), in order, once each. */
export function htmlScripts(html) {
  const files = [];
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const attr = (name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
    const file = match[1] === 'script' ? attr('src') : attr('rel') === 'modulepreload' ? attr('href') : undefined;
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}

/** What a browser receives for one file of `sizes` (`{ raw, br?, gz? }`, bytes). */
export function transferBytes(sizes) {
  return (sizes.br ?? sizes.gz ?? sizes.raw) + HEADER_BYTES;
}

/**
 * The pages to measure: each route of the storefront's manifest (start-up scripts, its layout's, its own) and, when
 * `consoleStart` is given, the console before any page.
 */
export function budgetPages(manifest, startup, consoleStart) {
  const pages = manifest.routes.map((route) => ({
    name: route.path,
    startup,
    own: [...new Set([...(manifest.layouts?.[route.layout] ?? []), ...(route.modules ?? [])])].filter((file) => !startup.includes(file)),
  }));
  if (consoleStart) pages.push({ name: '/admin (the console before any page)', startup: consoleStart, own: [] });
  return pages;
}

/**
 * Each page's transfer in bytes with its files', heaviest page first. `sizeOf(file)` answers `{ raw, br?, gz? }`.
 */
export function measurePages(pages, sizeOf) {
  const bytesOf = new Map();
  const bytes = (file) => {
    if (!bytesOf.has(file)) bytesOf.set(file, transferBytes(sizeOf(file)));
    return bytesOf.get(file);
  };
  const sum = (files) => files.reduce((total, file) => total + bytes(file), 0);
  return pages
    .map((page) => ({
      name: page.name,
      startupBytes: sum(page.startup),
      bytes: sum(page.startup) + sum(page.own),
      own: page.own.map((file) => ({ file, bytes: bytes(file) })).sort((a, b) => b.bytes - a.bytes),
    }))
    .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
}

/** A page's own files the table names, heaviest first. */
const OWN_FILES_SHOWN = 6;

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The pages over `budget`, as a table: each with its total, what it is over by, and its own heaviest files. */
export function formatOffenders(rows, budget = SCRIPT_BUDGET_BYTES) {
  const over = rows.filter((row) => row.bytes > budget);
  const width = Math.max(4, ...over.map((row) => row.name.length));
  const lines = [`${'page'.padEnd(width)}  ${'KB'.padStart(6)}  ${'over'.padStart(5)}  start-up + its own scripts (KB)`];
  for (const row of over) {
    const own = row.own.slice(0, OWN_FILES_SHOWN).map(({ file, bytes }) => `${file.replace(/^.*\//, '')} ${kb(bytes)}`).join(', ');
    const more = row.own.length > OWN_FILES_SHOWN ? `, ${row.own.length - OWN_FILES_SHOWN} more` : '';
    lines.push(`${row.name.padEnd(width)}  ${kb(row.bytes).padStart(6)}  ${kb(row.bytes - budget).padStart(5)}  ${kb(row.startupBytes)}${own ? ` + ${own}${more}` : ''}`);
  }
  return lines.join('\n');
}

/** The check's verdict: passed (no page over `budget`), and the lines to print. */
export function checkBudget(rows, budget = SCRIPT_BUDGET_BYTES) {
  const over = rows.filter((row) => row.bytes > budget);
  if (over.length > 0)
    return { passed: false, text: [`script budget over: ${over.length} of ${rows.length} pages load more than ${kb(budget)} KB of script`, formatOffenders(over, budget)].join('\n') };
  const heaviest = rows[0];
  return { passed: true, text: `script budget met: ${rows.length} pages, each at most ${kb(budget)} KB (heaviest ${heaviest ? `${heaviest.name} ${kb(heaviest.bytes)} KB` : 'none'})` };
}
