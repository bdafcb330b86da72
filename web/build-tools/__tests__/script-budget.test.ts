import { describe, expect, it } from 'vitest';
import { budgetPages, checkBudget, HEADER_BYTES, htmlScripts, measurePages, SCRIPT_BUDGET_BYTES, transferBytes, type FileSizes } from '../script-budget.js';

const KB = 1024;

/** A build of the fixture: index.html's start-up scripts, a manifest with a lazy layout, a page over the budget. */
const indexHtml = `<!doctype html><html><head>
  <script type="module" crossorigin src="/assets/index-1.js" nonce="__PORTAL_CSP_NONCE__"></script>
  <link rel="modulepreload" crossorigin href="/assets/vendor-react-1.js" nonce="__PORTAL_CSP_NONCE__">
  <link rel="stylesheet" crossorigin href="/assets/index-1.css" nonce="__PORTAL_CSP_NONCE__">
  <link rel="modulepreload" crossorigin href="/assets/app-1.js" nonce="__PORTAL_CSP_NONCE__">
  <link rel="icon" href="/favicon.svg">
</head></html>`;
const adminHtml = `<script type="module" crossorigin src="/admin/assets/admin-1.js"></script><link rel="modulepreload" crossorigin href="/admin/assets/vendor-react-2.js">`;
const manifest = {
  routes: [
    { path: '/', layout: 'default', modules: ['/assets/home-1.js', '/assets/shared-1.js'] },
    { path: '/apps/faq', layout: 'storefront', modules: ['/assets/faq-1.js'] },
    { path: '/myCart', layout: 'default', modules: ['/assets/my-cart-1.js', '/assets/vendor-radix-1.js', '/assets/shared-1.js'] },
    { path: '/info', layout: 'default' },
  ],
  layouts: { default: [], storefront: ['/assets/storefront-layout-1.js', '/assets/shared-1.js'] },
};
const sizes: Record<string, FileSizes> = {
  '/assets/index-1.js': { raw: 500 },  // no twin: sent whole
  '/assets/vendor-react-1.js': { raw: 180 * KB, br: 60 * KB, gz: 65 * KB },
  '/assets/app-1.js': { raw: 90 * KB, gz: 30 * KB },  // only a gzip twin
  '/assets/home-1.js': { raw: 6 * KB, br: 2 * KB },
  '/assets/shared-1.js': { raw: 15 * KB, br: 5 * KB },
  '/assets/faq-1.js': { raw: 3 * KB, br: 1 * KB },
  '/assets/storefront-layout-1.js': { raw: 3 * KB, br: 1 * KB },
  '/assets/my-cart-1.js': { raw: 9 * KB, br: 3 * KB },
  '/assets/vendor-radix-1.js': { raw: 160 * KB, br: 56 * KB },
  '/admin/assets/admin-1.js': { raw: 30 * KB, br: 9 * KB },
  '/admin/assets/vendor-react-2.js': { raw: 180 * KB, br: 60 * KB },
};
const sizeOf = (file: string) => sizes[file] ?? { raw: 0 };

describe('the script budget', () => {
  it('reads the scripts a page names: the entry and its modulepreloads, not its styles or icons', () => {
    expect(htmlScripts(indexHtml)).toEqual(['/assets/index-1.js', '/assets/vendor-react-1.js', '/assets/app-1.js']);
    expect(htmlScripts(adminHtml)).toEqual(['/admin/assets/admin-1.js', '/admin/assets/vendor-react-2.js']);
  });

  it('counts a script as a browser receives it: the brotli twin, else the gzip twin, else the file, and its headers', () => {
    expect(transferBytes({ raw: 100, br: 30, gz: 40 })).toBe(30 + HEADER_BYTES);
    expect(transferBytes({ raw: 100, gz: 40 })).toBe(40 + HEADER_BYTES);
    expect(transferBytes({ raw: 100 })).toBe(100 + HEADER_BYTES);
  });

  it("adds to each route's start-up scripts its lazy layout's and its own, each file once", () => {
    const startup = htmlScripts(indexHtml);
    const pages = budgetPages(manifest, startup, htmlScripts(adminHtml));
    expect(pages.map((page) => [page.name, page.own])).toEqual([
      ['/', ['/assets/home-1.js', '/assets/shared-1.js']],
      ['/apps/faq', ['/assets/storefront-layout-1.js', '/assets/shared-1.js', '/assets/faq-1.js']],
      ['/myCart', ['/assets/my-cart-1.js', '/assets/vendor-radix-1.js', '/assets/shared-1.js']],
      ['/info', []],
      ['/admin (the console before any page)', []],
    ]);
    const rows = measurePages(pages, sizeOf);
    const start = 500 + 60 * KB + 30 * KB + 3 * HEADER_BYTES;
    const byName = Object.fromEntries(rows.map((row) => [row.name, row.bytes]));
    expect(byName['/info']).toBe(start);
    expect(byName['/']).toBe(start + 7 * KB + 2 * HEADER_BYTES);
    expect(byName['/apps/faq']).toBe(start + 7 * KB + 3 * HEADER_BYTES);
    expect(byName['/myCart']).toBe(start + 64 * KB + 3 * HEADER_BYTES);
    expect(byName['/admin (the console before any page)']).toBe(69 * KB + 2 * HEADER_BYTES);
    expect(rows[0]?.name).toBe('/myCart');  // heaviest first
  });

  it('fails over 150 KB with a table naming each page over, by how much, and its heaviest own files first', () => {
    const rows = measurePages(budgetPages(manifest, htmlScripts(indexHtml), htmlScripts(adminHtml)), sizeOf);
    expect(SCRIPT_BUDGET_BYTES).toBe(150 * KB);
    const verdict = checkBudget(rows);
    expect(verdict.passed).toBe(false);
    const lines = verdict.text.split('\n');
    expect(lines[0]).toBe('script budget over: 1 of 5 pages load more than 150.0 KB of script');
    expect(lines[1]).toMatch(/^page\s+KB\s+over\s+start-up \+ its own scripts \(KB\)$/);
    expect(lines[2]).toBe('/myCart   156.2    6.2  91.4 + vendor-radix-1.js 56.3, shared-1.js 5.3, my-cart-1.js 3.3');
    expect(lines).toHaveLength(3);
  });

  it('passes at or under the budget and names the heaviest page', () => {
    const rows = measurePages(budgetPages(manifest, htmlScripts(indexHtml)), sizeOf);
    expect(checkBudget(rows, 160 * KB)).toEqual({ passed: true, text: 'script budget met: 4 pages, each at most 160.0 KB (heaviest /myCart 156.2 KB)' });
    expect(checkBudget(rows, 156.2 * KB).passed).toBe(false);
  });

  it('fails for one byte over on any page: no page is tolerated over the budget (issue 77 item 6)', () => {
    const row = (name: string, bytes: number) => ({ name, startupBytes: bytes, bytes, own: [] });
    expect(checkBudget([row('/mp/:name', SCRIPT_BUDGET_BYTES), row('/', 100 * KB)]).passed).toBe(true);
    const over = checkBudget([row('/mp/:name', SCRIPT_BUDGET_BYTES + 1), row('/', 100 * KB)]);
    expect(over.passed).toBe(false);
    expect(over.text.split('\n')[0]).toBe('script budget over: 1 of 2 pages load more than 150.0 KB of script');
  });
});
