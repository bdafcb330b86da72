// `portal import-catalog FILE --tenant NAME`: validation errors naming the
// article and field (nothing written), idempotent upserts, and tenant
// isolation (a catalog imported into aurora does not exist for noor or vela).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync, readFileSync } from 'node:fs';
import { backend, expectError } from '../support/server.mjs';
import { FIXTURE, FIXTURES, freshDatabase, importCatalog, startOn } from './support.mjs';

let database;
before(() => {
  database = freshDatabase();
});
after(() => database && database.drop());

test('import errors name the article and the field, and write nothing', () => {
  const bad = importCatalog(database, join(FIXTURES, 'bad-content-type.json'), 'aurora');
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /article 9002/);
  assert.match(bad.stderr, /contentType/);
  const category = importCatalog(database, join(FIXTURES, 'bad-category.json'), 'aurora');
  assert.equal(category.code, 1);
  assert.match(category.stderr, /article 9003: categoryIds names unknown category 'nope'/);
  const broken = join(database.dir, 'broken.json');
  writeFileSync(broken, '{"articles": [');
  const parse = importCatalog(database, broken, 'aurora');
  assert.equal(parse.code, 1);
  assert.match(parse.stderr, /not valid JSON/);
  const missing = importCatalog(database, join(database.dir, 'none.json'), 'aurora');
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /cannot read/);
  const tenant = importCatalog(database, FIXTURE, 'atlantis');
  assert.equal(tenant.code, 1);
  assert.match(tenant.stderr, /no tenant named 'atlantis'/);
});

test('import is idempotent and per tenant', async () => {
  const first = importCatalog(database, FIXTURE, 'aurora');
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /imported 19 articles and 5 categories into aurora/);
  // Second run with one title changed: an upsert, not a duplicate.
  const changed = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  changed.articles.find((a) => a.id === 2101).title.en = 'Neon Skyline (Remastered)';
  const file = join(database.dir, 'changed.json');
  writeFileSync(file, JSON.stringify(changed));
  const second = importCatalog(database, file, 'aurora');
  assert.equal(second.code, 0, second.stderr);

  const server = await startOn(database);
  try {
    const aurora = backend(server, 'aurora');
    const noor = backend(server, 'noor');
    const res = await aurora('/catalog/articles/2101');
    assert.equal(res.status, 200);
    const a = (await res.json()).data;
    assert.equal(a.title, 'Neon Skyline (Remastered)');
    assert.equal(a.slug, 'neon-skyline-remastered');
    const list = (await (await aurora('/catalog/articles?section=music&limit=50')).json()).data;
    assert.equal(list.total, 7);
    const found = (await (await aurora('/search?q=remastered')).json()).data;
    assert.deepEqual(found.entries.map((e) => e.id), [2101]);
    const old = (await (await aurora('/search?q=skyline')).json()).data;
    assert.equal(old.total, 1);

    // Isolation: noor has no catalog at all.
    await expectError(await noor('/catalog/articles/2101'), 404, 'ARTICLE_NOT_FOUND');
    assert.equal((await (await noor('/catalog/articles')).json()).data.total, 0);
    assert.equal((await (await noor('/search?q=neon')).json()).data.total, 0);
    assert.deepEqual((await (await noor('/catalog/categories')).json()).data, []);
    await expectError(await noor('/structure/fragments_get-article-details/fragment/2101'), 404, 'ARTICLE_NOT_FOUND');
    await expectError(await noor('/media/2101?kind=preview'), 404, 'ARTICLE_NOT_FOUND');
    await expectError(await noor('/concon/countread?id=2101'), 404, 'ARTICLE_NOT_FOUND');
  } finally {
    await server.stop();
  }
});

test('--help documents import-catalog', async () => {
  const { spawnSync } = await import('node:child_process');
  const { BINARY } = await import('./support.mjs');
  const r = spawnSync(BINARY, ['--help'], { encoding: 'utf8' });
  assert.equal(r.status, 0);
  assert.match(r.stdout, /portal import-catalog FILE --tenant NAME/);
  assert.match(r.stdout, /--media-root/);
  const wrong = spawnSync(BINARY, ['export-catalog'], { encoding: 'utf8' });
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /unknown command/);
});
