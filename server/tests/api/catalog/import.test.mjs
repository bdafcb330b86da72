// `portal import-catalog FILE --tenant NAME`: validation errors naming the
// article and field (nothing written), idempotent upserts, and tenant
// isolation (a catalog imported into aurora does not exist for noor or vela).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ROOT, backend, expectError } from '../support/server.mjs';
import { BINARY, FIXTURE, FIXTURES, freshDatabase, importCatalog, startOn } from './support.mjs';

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
  // Each member has its type (docs/catalog-format.md): a providerId is a string or a whole number.
  const typed = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  typed.articles[0].providerId = { id: 1 };
  const typedFile = join(database.dir, 'provider.json');
  writeFileSync(typedFile, JSON.stringify(typed));
  const provider = importCatalog(database, typedFile, 'aurora');
  assert.equal(provider.code, 1);
  assert.match(provider.stderr, /providerId.*must be a string or a whole number/);
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
  const neon = changed.articles.find((a) => a.id === 2101);
  neon.title.en = 'Neon Skyline (Remastered)';
  // A number for a providerId answers as its digits; a price on offer carries its promotionAmount.
  neon.providerId = 42;
  neon.prices[0].promotionAmount = 49;
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
    assert.equal(a.providerId, '42');
    assert.equal(a.prices[0].promotionAmount, 49);
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
  const r = spawnSync(BINARY, ['--help'], { encoding: 'utf8' });
  assert.equal(r.status, 0);
  assert.match(r.stdout, /portal import-catalog FILE --tenant NAME/);
  assert.match(r.stdout, /--prune/);
  assert.match(r.stdout, /--media-root/);
  const wrong = spawnSync(BINARY, ['export-catalog'], { encoding: 'utf8' });
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /unknown command/);
});

// A copy of the fixture with changes, written next to the database.
function variant(name, change) {
  const file = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  change(file);
  const path = join(database.dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(file));
  return path;
}

test('references must exist in the file or the tenant; an error imports nothing', async () => {
  const cases = [
    ['parent', (f) => { f.articles.find((a) => a.id === 2101).parentId = 9999; }, /article 2101: parentId names unknown article 9999/],
    ['artist', (f) => { f.articles.find((a) => a.id === 2050).artistIds = [2001, 9998]; }, /article 2050: artistIds names unknown article 9998/],
    ['member', (f) => { f.articles.find((a) => a.id === 2201).memberIds = [9997]; }, /article 2201: memberIds names unknown article 9997/],
    ['category', (f) => { f.articles.find((a) => a.id === 2101).categoryIds = ['nope']; }, /article 2101: categoryIds names unknown category 'nope'/],
    ['game', (f) => { f.challenges[0].gameId = 9996; }, /challenge 7001: gameId names unknown article 9996/],
  ];
  const fresh = freshDatabase();
  try {
    for (const [name, change, message] of cases) {
      const file = variant(name, (f) => {
        f.articles.find((a) => a.id === 3201).title.en = `Changed by ${name}`;
        change(f);
      });
      const r = importCatalog(fresh, file, 'vela');
      assert.equal(r.code, 1, name);
      assert.match(r.stderr, message, name);
    }
    const server = await startOn(fresh);
    try {
      const vela = backend(server, 'vela');
      assert.equal((await (await vela('/catalog/articles')).json()).data.total, 0, 'nothing written');
      await expectError(await vela('/structure/fragments_get-challenge-by-id/fragment/7001'), 404, 'CHALLENGE_NOT_FOUND');
    } finally {
      await server.stop();
    }
    // A reference to an article already in the tenant is fine.
    assert.equal(importCatalog(fresh, FIXTURE, 'vela').code, 0);
    const extra = join(database.dir, 'extra.json');
    writeFileSync(extra, JSON.stringify({
      articles: [{ id: 2199, contentType: 'full_track_music', title: { en: 'Bonus Track' }, parentId: 2050, artistIds: [2001] }],
      challenges: [{ id: 7099, gameId: 4101, title: { en: 'Bonus' }, challengeSteps: [{ id: 1, title: { en: 'One' } }] }],
    }));
    const r = importCatalog(fresh, extra, 'vela');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /imported 1 articles and 0 categories into vela \(1 challenges, 0 articles pruned\)/);
  } finally {
    fresh.drop();
  }
});

test('--prune deletes the articles and challenges absent from the file, in that tenant only', async () => {
  const fresh = freshDatabase();
  try {
    assert.equal(importCatalog(fresh, FIXTURE, 'aurora').code, 0);
    // vela: noor sells in SAR and this fixture has euro prices only (docs/contracts.md "Catalog").
    assert.equal(importCatalog(fresh, FIXTURE, 'vela').code, 0);
    // Without the podcast and the second challenge.
    const smaller = variant('smaller', (f) => {
      f.articles = f.articles.filter((a) => a.id !== 5001 && a.id !== 5101);
      f.challenges = f.challenges.filter((c) => c.id !== 7002);
    });
    const kept = importCatalog(fresh, smaller, 'aurora');
    assert.equal(kept.code, 0, kept.stderr);
    assert.match(kept.stdout, /0 articles pruned/);
    // --prune: references must then be in the file itself.
    const dangling = variant('dangling', (f) => {
      f.articles = f.articles.filter((a) => a.id !== 2001); // the artist of 2050 and 2101
    });
    const refused = spawnPrune(fresh, dangling, 'aurora');
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /artistIds names unknown article 2001/);
    const pruned = spawnPrune(fresh, smaller, 'aurora');
    assert.equal(pruned.code, 0, pruned.stderr);
    assert.match(pruned.stdout, /17 articles and 5 categories into aurora \(1 challenges, 2 articles pruned\)/);

    const server = await startOn(fresh);
    try {
      const aurora = backend(server, 'aurora');
      const vela = backend(server, 'vela');
      await expectError(await aurora('/catalog/articles/5001'), 404, 'ARTICLE_NOT_FOUND');
      await expectError(await aurora('/catalog/articles/5101'), 404, 'ARTICLE_NOT_FOUND');
      assert.equal((await (await aurora('/search?q=chips')).json()).data.total, 0, 'gone from the search index');
      await expectError(await aurora('/structure/fragments_get-challenge-by-id/fragment/7002'), 404, 'CHALLENGE_NOT_FOUND');
      assert.equal((await aurora('/structure/fragments_get-challenge-by-id/fragment/7001')).status, 200);
      assert.equal((await aurora('/catalog/articles/2101')).status, 200);
      // vela keeps everything.
      assert.equal((await vela('/catalog/articles/5101')).status, 200);
      assert.equal((await (await vela('/search?q=chips')).json()).data.total, 1);
      assert.equal((await vela('/structure/fragments_get-challenge-by-id/fragment/7002')).status, 200);
    } finally {
      await server.stop();
    }
  } finally {
    fresh.drop();
  }
});

function spawnPrune(db, file, tenant) {
  const r = spawnSync(BINARY, ['import-catalog', file, '--tenant', tenant, '--prune', '--database', db.url,
    '--data-dir', join(ROOT, 'data'), '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'warn'],
  { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
