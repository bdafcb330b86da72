// Issue 71 item 12: the client build's source maps (the storefront's and the console's original sources) answered
// 200 on every instance. Outside the dev stage the portal has no such files: /assets/<x>.js.map,
// /admin/assets/<x>.js.map and their precompressed twins asked for by name answer 404 as a missing file does, while
// the scripts themselves are served. The dev stage still serves the maps the build wrote beside them (web/dist: `make
// build` writes them, `sourcemap: 'hidden'`; the package and the image leave them out, server/tests/package).
// SQLite and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startPortal } from '../support/server.mjs';

const WEB = process.env.PORTAL_WEB_ROOT ?? join(ROOT, 'web/dist');
let dev, prod;
before(async () => {
  [dev, prod] = await Promise.all([startPortal(['--scheduler-interval', '0']), startPortal(['--stage', 'prod', '--scheduler-interval', '0'])]);
});
after(async () => Promise.all([dev?.stop(), prod?.stop()]));

// The scripts a page loads: the storefront's home and the console's shell name their entries.
async function scripts(server) {
  const found = [];
  for (const [page, pattern] of [['/en', /\/assets\/[\w.-]+\.js/g], ['/admin', /\/admin\/assets\/[\w.-]+\.js/g]]) {
    const res = await fetch(`${server.base}${page}`);
    assert.equal(res.status, 200, page);
    const names = [...new Set((await res.text()).match(pattern) ?? [])];
    assert.ok(names.length > 0, `${page} loads a script`);
    found.push(...names);
  }
  return found;
}

test('outside the dev stage no source map answers, of the storefront or the console; the scripts do', async () => {
  const loaded = await scripts(prod);
  assert.ok(loaded.some((s) => s.startsWith('/admin/assets/')) && loaded.some((s) => s.startsWith('/assets/')));
  let maps = 0;
  for (const script of loaded) {
    assert.equal((await fetch(`${prod.base}${script}`)).status, 200, script);
    for (const path of [`${script}.map`, `${script}.map.br`, `${script}.map.gz`, `${script}.MAP`]) {
      const res = await fetch(`${prod.base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(res.status, 404, `${path} in the prod stage`);
      assert.equal((await res.json()).error, 'FILE_NOT_FOUND', path);
    }
    if (existsSync(join(WEB, `${script}.map`))) maps++;
  }
  // The build has maps (make build writes them): the 404s above are the stage's rule, not a build without maps.
  assert.ok(maps > 0, `the test build has source maps beside its scripts (${WEB})`);
  for (const path of ['/sw.js.map', '/assets/no-such-0a1b2c3d.js.map']) assert.equal((await fetch(`${prod.base}${path}`)).status, 404, path);
});

test('the dev stage serves the maps the build wrote', async () => {
  for (const script of await scripts(dev)) {
    if (!existsSync(join(WEB, `${script}.map`))) continue;
    const res = await fetch(`${dev.base}${script}.map`);
    assert.equal(res.status, 200, `${script}.map in the dev stage`);
    assert.match(res.headers.get('content-type'), /application\/json/);
    const map = await res.json();
    assert.equal(map.version, 3);
    assert.ok(map.sources.length > 0, `${script}.map names its sources`);
  }
});
