// Reports name plans and articles in the reader's language (issue 73 item 5): `lang` (the console's language, as
// every console call sends it) names a plan as its card does (DISPLAY_SERVICE_NAME_TEXT in lang, else English, else
// DISPLAY_SERVICE_TITLE_TEXT, else the internal name) and an article as the catalog does in lang (else English), in
// the answers and in the royalty statement's CSV; no lang, or one the portal does not speak, is English. The
// consumption report's listener filter is `language`, so `lang` no longer narrows it. SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, backend, startPortal } from '../support/server.mjs';
import { demoStaff, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
let server, tokens;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--reports-interval', '0']);
  const run = spawnSync(BINARY, ['generate-activity', '--tenant', 'aurora', '--customers', '40', '--days', '45',
    '--seed', '5', '--database', server.database, '--migrations-dir', join(ROOT, 'server/migrations'),
    '--log-level', 'error'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr + run.stdout);
  const staff = demoStaff(server.output());
  const api = backend(server, 'aurora');
  tokens = {};
  for (const role of ['owner', 'finance'])
    tokens[role] = (await staffLogin(api, staff[`${role}@example.com aurora`])).token;
  const done = await answer('/reports/refresh', tokens.owner, { method: 'POST' });
  assert.ok(done.refreshedAt, JSON.stringify(done));
});
after(async () => server && (await server.stop()));

const call = (path, token, init = {}) => backend(server, 'aurora')(`/admin${path}`, { ...init, ...staffBearer(token) });
async function answer(path, token = tokens.finance, init = {}) {
  const res = await call(path, token, init);
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return (await res.json()).data;
}
const lastMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};
const range = () => {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 44 * 86400000).toISOString().slice(0, 10);
  return `from=${from}&to=${to}&granularity=month`;
};

// The storefront's planTitle, from the console's copy of the plan.
function cardName(plan, lang) {
  const value = (key) => plan.attributes.find((a) => a.key === key)?.value || null;
  return value(`DISPLAY_SERVICE_NAME_TEXT_${lang}`) ?? value('DISPLAY_SERVICE_NAME_TEXT_en')
    ?? value(`DISPLAY_SERVICE_TITLE_TEXT_${lang}`) ?? value('DISPLAY_SERVICE_TITLE_TEXT_en') ?? plan.name;
}
// An article's title in a language as the catalog holds it (else English).
const titles = new Map();
async function titleIn(id, lang) {
  if (!titles.has(id)) titles.set(id, (await answer(`/catalog/articles/${id}`, tokens.owner)).article.title);
  const t = titles.get(id);
  return typeof t === 'string' ? t : (t[lang] || t.en);
}

test('revenue names each plan by its card in the reader\'s language; no lang or an unknown one is English', async () => {
  const { plans } = await answer('/plans', tokens.owner);
  const byId = new Map(plans.map((p) => [p.id, p]));
  const english = await answer(`/reports/revenue?${range()}`);
  assert.ok(english.byPlan.length > 0, 'the generated activity paid for plans');
  for (const lang of ['ar', 'de', 'en']) {
    const rep = await answer(`/reports/revenue?${range()}&lang=${lang}`);
    assert.deepEqual(rep.byPlan.map((r) => r.planId), english.byPlan.map((r) => r.planId));
    for (const row of rep.byPlan) assert.equal(row.planName, cardName(byId.get(row.planId), lang), `${lang} ${row.planId}`);
  }
  const arabic = await answer(`/reports/revenue?${range()}&lang=ar`);
  assert.ok(arabic.byPlan.some((r) => r.planName !== byId.get(r.planId).name), 'a card name, not the internal name');
  assert.ok(arabic.byPlan.some((r, i) => r.planName !== english.byPlan[i].planName), 'Arabic differs from English');
  for (const row of english.byPlan) assert.equal(row.planName, cardName(byId.get(row.planId), 'en'));
  const unknown = await answer(`/reports/revenue?${range()}&lang=xx`);
  assert.deepEqual(unknown.byPlan.map((r) => r.planName), english.byPlan.map((r) => r.planName));
});

test('consumption: the top articles\' titles in the reader\'s language; `language` filters listeners, `lang` does not', async () => {
  const english = await answer(`/reports/consumption?${range()}`);
  assert.ok(english.topArticles.length > 0, 'the generated activity played articles');
  const arabic = await answer(`/reports/consumption?${range()}&lang=ar`);
  assert.deepEqual(arabic.series, english.series, 'lang names, it does not filter');
  assert.deepEqual(arabic.topArticles.map((a) => [a.articleId, a.plays]), english.topArticles.map((a) => [a.articleId, a.plays]));
  for (const a of arabic.topArticles) assert.equal(a.title, await titleIn(a.articleId, 'ar'), a.articleId);
  for (const a of english.topArticles) assert.equal(a.title, await titleIn(a.articleId, 'en'), a.articleId);
  assert.ok(arabic.topArticles.some((a, i) => a.title !== english.topArticles[i].title), 'Arabic titles differ');

  const listener = english.byLanguage.find((l) => l.language !== '');
  assert.ok(listener, 'listeners with a saved language');
  const narrowed = await answer(`/reports/consumption?${range()}&language=${listener.language}`);
  assert.equal(narrowed.series.reduce((n, p) => n + p.plays, 0), listener.plays);
});

test('royalties: the lines and the statement CSV name the articles in the reader\'s language', async () => {
  const month = lastMonth();
  const english = await answer(`/reports/royalties/${month}/lines`);
  assert.ok(english.lines.length > 0, 'plays last month');
  const arabic = await answer(`/reports/royalties/${month}/lines?lang=ar`);
  assert.deepEqual(arabic.lines.map((l) => [l.articleId, l.plays]), english.lines.map((l) => [l.articleId, l.plays]));
  for (const l of arabic.lines.slice(0, 10)) assert.equal(l.title, await titleIn(l.articleId, 'ar'), l.articleId);
  for (const l of english.lines.slice(0, 10)) assert.equal(l.title, await titleIn(l.articleId, 'en'), l.articleId);

  const res = await call(`/reports/royalties/${month}/statement.csv?lang=ar`, tokens.finance);
  assert.equal(res.status, 200);
  const rows = (await res.text()).trim().split('\r\n').slice(1);
  assert.equal(rows.length, arabic.lines.length);
  const first = arabic.lines[0];
  assert.ok(rows.some((r) => r.includes(`,${first.articleId},`) && r.includes(first.title)), `${first.title} in the CSV`);
});
