// Reports, usage (issue 35): after `portal generate-activity` and a refresh (POST
// /backend/admin/reports/refresh), every figure of the consumption report equals what this file sums
// itself from the raw rows (stream_tickets, 'listened' stream_reports, the server's instantPlay events, pageView events,
// users, user_subscriptions, the catalog's sections, content types and licensors), to the millisecond;
// the royalty statement per licensor and its lines equal the raw sums of the month, the CSV's rows equal
// the lines; issuing (oldest first) freezes the lines, a second issue and an unended month are 409, a
// later report goes to the next open statement and the issued lines do not move. Finance reads and
// issues (audited royalties.issue); editor and support are 403. SQLite and PostgreSQL, through Prism in CI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ROOT, backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
const SEED = 11;
const DAYS = 100;
let server, tokens, tenantId;

const postgres = () => /^postgres(ql)?:/.test(server.database);
// Raw rows through the database's own command line client, as objects (columns named by " AS name").
function rows(sql) {
  const url = server.database;
  const out = postgres()
    ? execFileSync('psql', [url, '-At', '-F', '\t', '-P', 'null=\\N', '-c', sql], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : execFileSync('sqlite3', ['-separator', '\t', '-nullvalue', '\\N', url, sql], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const cols = [...sql.matchAll(/ AS (\w+)/g)].map((m) => m[1]);
  return out.split('\n').filter((l) => l.length).map((l) => {
    const v = l.split('\t');
    return Object.fromEntries(cols.map((c, i) => [c, v[i] === '\\N' ? null : v[i]]));
  });
}
const exec = (sql) => rows(sql);

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--reports-interval', '0']);
  const run = spawnSync(BINARY, ['generate-activity', '--tenant', 'aurora', '--customers', '120', '--days', String(DAYS),
    '--seed', String(SEED), '--database', server.database, '--migrations-dir', join(ROOT, 'server/migrations'),
    '--log-level', 'error'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr + run.stdout);
  const staff = demoStaff(server.output());
  const api = backend(server, 'aurora');
  tokens = {};
  for (const role of ['owner', 'finance', 'editor', 'support'])
    tokens[role] = (await staffLogin(api, staff[`${role}@example.com aurora`])).token;
  tenantId = rows("SELECT id AS id FROM tenants WHERE name = 'aurora'")[0].id;
});
after(async () => server && (await server.stop()));

const call = (path, token, init = {}) =>
  backend(server, 'aurora')(`/admin/reports${path}`, { ...init, ...staffBearer(token) });
const answer = async (path, token = tokens.finance, init = {}) => {
  const res = await call(path, token, init);
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return (await res.json()).data;
};
const refresh = async () => {
  const done = await answer('/refresh', tokens.owner, { method: 'POST' });
  assert.ok(done.refreshedAt, JSON.stringify(done));
};

// ---- the raw rows and the sums of them -------------------------------------------------------
const day = (ts) => ts.slice(0, 10);
const addDays = (d, n) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);
const lastMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};
function periodOf(d, g) {
  if (g === 'day') return d;
  if (g === 'month') return `${d.slice(0, 7)}-01`;
  const wd = new Date(`${d}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(d, -((wd + 6) % 7));
}

function raw() {
  const t = tenantId;
  const articles = new Map(rows(`SELECT id AS id, content_type AS content_type, section AS section, doc AS doc
    FROM catalog_articles WHERE tenant_id = ${t}`).map((a) => {
    let licensor = '';
    try {
      const l = JSON.parse(a.doc).licensorName;
      if (typeof l === 'string') licensor = l;
    } catch { /* no licensor */ }
    return [a.id, { type: a.content_type, section: a.section, licensor }];
  }));
  const titles = new Map();
  for (const r of rows(`SELECT article_id AS article_id, lang AS lang, title AS title FROM catalog_article_texts
    WHERE tenant_id = ${t} ORDER BY article_id, lang`))
    if (r.lang === 'en' || !titles.has(r.article_id)) titles.set(r.article_id, r.title);
  const tickets = rows(`SELECT t.id AS id, t.article_id AS article_id, t.content_type AS content_type,
    t.created_at AS created_at, COALESCE(u.selected_lang, '') AS lang FROM stream_tickets t
    LEFT JOIN users u ON u.uuid = t.user_uuid WHERE t.tenant_id = ${t}`);
  const byTicket = new Map(tickets.map((x) => [x.id, x]));
  const reports = rows(`SELECT ticket_id AS ticket_id, counted_ms AS counted_ms, claimed_ms AS claimed_ms,
    created_at AS created_at FROM stream_reports WHERE tenant_id = ${t} AND type = 'listened'`);
  // Games started: the server's instantPlay events (the article in the payload).
  const games = rows(`SELECT e.payload AS payload, e.created_at AS created_at, COALESCE(u.selected_lang, '') AS lang
    FROM events e LEFT JOIN users u ON u.tenant_id = e.tenant_id AND u.user_id = e.user_id
    WHERE e.tenant_id = ${t} AND e.name = 'instantPlay' AND e.origin = 'server'`)
    .map((g) => ({ ...g, article_id: String(JSON.parse(g.payload).articleId) }));
  // Visits: a day's page views by their visit id (page views without one are a visit each).
  const pageViews = rows(`SELECT created_at AS created_at, payload AS payload FROM events WHERE tenant_id = ${t} AND name = 'pageView'`);
  const visitKeys = new Set();
  const visits = [];
  for (const v of pageViews) {
    const id = JSON.parse(v.payload).visit;
    const key = typeof id === 'string' && id ? `${day(v.created_at)} ${id}` : null;
    if (key && visitKeys.has(key)) continue;
    if (key) visitKeys.add(key);
    visits.push(v);
  }
  assert.ok(visits.length < pageViews.length, 'the generated page views come in visits of several pages');
  const users = rows(`SELECT created_at AS created_at FROM users WHERE tenant_id = ${t}`);
  const subs = rows(`SELECT id AS id, user_uuid AS user_uuid, state AS state, created_at AS created_at
    FROM user_subscriptions WHERE tenant_id = ${t}`);
  const dims = (articleId, fallbackType) => {
    const a = articles.get(articleId);
    return { articleId, type: a?.type || fallbackType, section: a?.section ?? '', licensor: a?.licensor ?? '' };
  };
  // One entry per play, report and game: its day and dimensions.
  const usage = [];
  for (const x of tickets)
    usage.push({ day: day(x.created_at), ...dims(x.article_id, x.content_type), lang: x.lang, plays: 1, ms: 0, claimed: 0, games: 0 });
  for (const r of reports) {
    const x = byTicket.get(r.ticket_id);
    usage.push({ day: day(r.created_at), ...dims(x.article_id, x.content_type), lang: x.lang, plays: 0,
      ms: Number(r.counted_ms), claimed: Number(r.claimed_ms), games: 0 });
  }
  for (const g of games)
    usage.push({ day: day(g.created_at), ...dims(g.article_id, 'game'), lang: g.lang, plays: 0, ms: 0, claimed: 0, games: 1 });
  // A customer's first subscription that is not merely REQUESTED (by created_at, then id).
  const first = new Map();
  for (const s of subs.filter((s) => s.state !== 'REQUESTED')) {
    const f = first.get(s.user_uuid);
    if (!f || s.created_at < f.created_at || (s.created_at === f.created_at && s.id < f.id)) first.set(s.user_uuid, s);
  }
  const funnel = [
    ...visits.map((v) => ({ day: day(v.created_at), visits: 1, signUps: 0, firstSubscriptions: 0 })),
    ...users.map((u) => ({ day: day(u.created_at), visits: 0, signUps: 1, firstSubscriptions: 0 })),
    ...[...first.values()].map((s) => ({ day: day(s.created_at), visits: 0, signUps: 0, firstSubscriptions: 1 })),
  ];
  return { usage, funnel, titles };
}

function group(entries, key, fields) {
  const m = new Map();
  for (const e of entries) {
    const k = key(e);
    const g = m.get(k) ?? Object.fromEntries(fields.map((f) => [f, 0]));
    for (const f of fields) g[f] += e[f];
    m.set(k, g);
  }
  return m;
}
const nonZero = (g) => g.plays !== 0 || g.ms !== 0;

function expectedConsumption(r, from, to, granularity, filter = {}) {
  const inRange = (e) => e.day >= from && e.day <= to;
  const u = r.usage.filter((e) => inRange(e) && (!filter.section || e.section === filter.section) &&
    (!filter.contentType || e.type === filter.contentType) && (!filter.language || e.lang === filter.language));
  const periods = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (periods.at(-1) !== periodOf(d, granularity)) periods.push(periodOf(d, granularity));
  const series = group(u, (e) => periodOf(e.day, granularity), ['plays', 'ms', 'games']);
  const slices = (key, name) => [...group(u, key, ['plays', 'ms']).entries()].filter(([, g]) => nonZero(g))
    .map(([k, g]) => ({ [name]: k, plays: g.plays, ms: g.ms }))
    .sort((a, b) => b.plays - a.plays || b.ms - a.ms || (a[name] < b[name] ? -1 : 1));
  const top = [...group(u, (e) => e.articleId, ['plays', 'ms']).entries()].filter(([, g]) => nonZero(g))
    .map(([id, g]) => ({ articleId: id, title: r.titles.get(id) ?? '', plays: g.plays, ms: g.ms }))
    .sort((a, b) => b.plays - a.plays || b.ms - a.ms || Number(a.articleId) - Number(b.articleId)).slice(0, 20);
  const f = r.funnel.filter(inRange);
  const fs = group(f, (e) => periodOf(e.day, granularity), ['visits', 'signUps', 'firstSubscriptions']);
  const total = group(f, () => 'all', ['visits', 'signUps', 'firstSubscriptions']).get('all') ?? { visits: 0, signUps: 0, firstSubscriptions: 0 };
  return {
    series: periods.map((p) => ({ period: p, plays: series.get(p)?.plays ?? 0, ms: series.get(p)?.ms ?? 0, gamesStarted: series.get(p)?.games ?? 0 })),
    bySection: slices((e) => e.section, 'section'),
    byContentType: slices((e) => e.type, 'contentType'),
    byLanguage: slices((e) => e.lang, 'language'),
    topArticles: top,
    funnel: total,
    funnelSeries: periods.map((p) => ({ period: p, visits: fs.get(p)?.visits ?? 0, signUps: fs.get(p)?.signUps ?? 0,
      firstSubscriptions: fs.get(p)?.firstSubscriptions ?? 0 })),
  };
}

// The statement of a month of which nothing was issued before: what was received in it.
function expectedMonth(r, month) {
  const u = r.usage.filter((e) => e.day.slice(0, 7) === month && (e.plays || e.ms || e.claimed));
  const lines = group(u, (e) => e.articleId, ['plays', 'ms', 'claimed']);
  const licensorOf = new Map(u.map((e) => [e.articleId, e.licensor]));
  const byLicensor = new Map();
  for (const [id, g] of lines) {
    if (!g.plays && !g.ms && !g.claimed) continue;
    const l = licensorOf.get(id);
    const t = byLicensor.get(l) ?? { licensor: l, articles: 0, plays: 0, countedMs: 0, claimedMs: 0 };
    t.articles++;
    t.plays += g.plays;
    t.countedMs += g.ms;
    t.claimedMs += g.claimed;
    byLicensor.set(l, t);
  }
  return { lines, licensorOf, licensors: [...byLicensor.values()].sort((a, b) => (a.licensor < b.licensor ? -1 : 1)) };
}

const strip = (list) => list.map(({ title, ...rest }) => rest); // eslint-disable-line no-unused-vars

// ---- the tests -------------------------------------------------------------------------------
test('editor and support may not read; bad values are 400 naming the field', async () => {
  for (const role of ['editor', 'support']) {
    await expectError(await call('/consumption', tokens[role]), 403);
    await expectError(await call('/royalties', tokens[role]), 403);
    await expectError(await call(`/royalties/${lastMonth()}/issue`, tokens[role], { method: 'POST' }), 403);
  }
  await expectError(await backend(server, 'aurora')('/admin/reports/consumption'), 401);
  for (const [query, field] of [['from=2026-02-30', 'from'], ['to=yesterday', 'to'], ['granularity=year', 'granularity'],
    ['from=2020-01-01&to=2026-01-01', 'from'], ['from=2026-05-02&to=2026-05-01', 'from']]) {
    const res = await call(`/consumption?${query}`, tokens.finance);
    const body = await expectError(res, 400, 'VALIDATION_ERROR');
    assert.match(JSON.stringify(body), new RegExp(field), query);
  }
  await expectError(await call('/royalties?month=2026-13', tokens.finance), 400, 'VALIDATION_ERROR');
});

for (const granularity of ['day', 'week', 'month']) {
  test(`consumption by ${granularity}: every figure equals the raw rows' sums`, async () => {
    await refresh();
    const to = today(), from = addDays(to, -(DAYS + 5));
    const rep = await answer(`/consumption?from=${from}&to=${to}&granularity=${granularity}`);
    const want = expectedConsumption(raw(), from, to, granularity);
    assert.ok(rep.refreshedAt);
    assert.ok(want.series.some((p) => p.plays > 0 && p.ms > 0), 'the generated data set has plays');
    assert.deepEqual(rep.series, want.series);
    assert.deepEqual(rep.bySection, want.bySection);
    assert.deepEqual(rep.byContentType, want.byContentType);
    assert.deepEqual(rep.byLanguage, want.byLanguage);
    assert.deepEqual(rep.topArticles.map(({ contentType, ...a }) => a), want.topArticles); // eslint-disable-line no-unused-vars
    assert.deepEqual(rep.funnel, want.funnel);
    assert.deepEqual(rep.funnelSeries, want.funnelSeries);
  });
}

test('consumption filters: section, content type and language narrow every figure', async () => {
  await refresh();
  const to = today(), from = addDays(to, -(DAYS + 5));
  const r = raw();
  const all = expectedConsumption(r, from, to, 'month');
  for (const filter of [{ section: all.bySection[0].section }, { contentType: all.byContentType[0].contentType },
    { language: all.byLanguage[0].language }]) {
    const q = new URLSearchParams({ from, to, granularity: 'month', ...filter });
    const rep = await answer(`/consumption?${q}`);
    const want = expectedConsumption(r, from, to, 'month', filter);
    assert.deepEqual(rep.series, want.series, JSON.stringify(filter));
    assert.deepEqual(rep.bySection, want.bySection, JSON.stringify(filter));
    assert.deepEqual(rep.topArticles.map((a) => [a.articleId, a.plays, a.ms]),
      want.topArticles.map((a) => [a.articleId, a.plays, a.ms]), JSON.stringify(filter));
  }
});

test('royalties: the statement per licensor, its lines and the CSV equal the raw sums of the month', async () => {
  await refresh();
  const month = lastMonth();
  const rep = await answer(`/royalties?month=${month}`);
  assert.equal(rep.month, month);
  assert.equal(rep.status, 'open');
  const want = expectedMonth(raw(), month);
  assert.ok(want.licensors.length > 0, 'the generated data set has plays last month');
  assert.deepEqual(rep.licensors, want.licensors);
  assert.deepEqual((await answer('/royalties')).month, month, 'last month by default');

  const all = await answer(`/royalties/${month}/lines`);
  assert.equal(all.lines.length, want.lines.size);
  for (const l of all.lines) {
    const g = want.lines.get(l.articleId);
    assert.deepEqual([l.plays, l.countedMs, l.claimedMs], [g.plays, g.ms, g.claimed], l.articleId);
  }
  const licensor = want.licensors[want.licensors.length - 1].licensor;
  const one = await answer(`/royalties/${month}/lines?licensor=${encodeURIComponent(licensor)}`);
  assert.equal(one.licensor, licensor);
  assert.deepEqual(one.lines.map((l) => l.articleId).sort(),
    [...want.licensorOf.entries()].filter(([id, l]) => l === licensor && want.lines.has(id)).map(([id]) => id).sort());

  const res = await call(`/royalties/${month}/statement.csv`, tokens.finance);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^text\/csv/);
  assert.match(res.headers.get('content-disposition'), /attachment; filename="royalties-/);
  const lines = (await res.text()).trim().split('\r\n');
  assert.equal(lines[0], 'month,licensor,articleId,title,contentType,plays,countedMs,claimedMs,countedSeconds,claimedSeconds');
  assert.equal(lines.length - 1, all.lines.length);
  for (const row of lines.slice(1)) {
    const cells = row.match(/("([^"]|"")*"|[^,]*)(,|$)/g).map((c) => c.replace(/,$/, ''));
    const line = all.lines.find((l) => l.articleId === cells[2]);
    assert.ok(line, row);
    assert.deepEqual(cells.slice(5, 8).map(Number), [line.plays, line.countedMs, line.claimedMs], row);
    assert.equal(cells[8], (line.countedMs / 1000).toFixed(3));
  }
});

test('issue: oldest first, frozen, 409 twice or unended, audited; a later report goes to the next open statement', async () => {
  await refresh();
  const month = lastMonth();
  const current = today().slice(0, 7);
  await expectError(await call(`/royalties/${current}/issue`, tokens.finance, { method: 'POST' }), 409, 'MONTH_NOT_ENDED');
  // The answer says why a month cannot be issued (the console's disabled button tells it).
  const running = await answer(`/royalties?month=${current}`);
  assert.deepEqual([running.canIssue, running.cannotIssueBecause], [false, 'month_not_ended']);
  const { months } = await answer(`/royalties?month=${month}`);
  const earlier = months.map((m) => m.month).filter((m) => m < month).sort();
  if (earlier.length) {
    const last = await answer(`/royalties?month=${month}`);
    assert.equal(last.canIssue, false, 'earlier months with plays are open');
    assert.equal(last.cannotIssueBecause, 'earlier_month_open');
    assert.ok(earlier.includes(last.openMonth), `${last.openMonth} is one of ${earlier}`);
    await expectError(await call(`/royalties/${month}/issue`, tokens.finance, { method: 'POST' }), 409, 'EARLIER_MONTH_OPEN');
  }
  for (const m of [...earlier, month]) {
    const before = await answer(`/royalties/${m}/lines`);
    const issued = await answer(`/royalties/${m}/issue`, tokens.finance, { method: 'POST' });
    assert.equal(issued.status, 'issued');
    assert.equal(issued.issuedBy, 'finance@example.com');
    assert.match(issued.issuedAt, /^\d{4}-\d\d-\d\dT/);
    const after = await answer(`/royalties/${m}/lines`);
    assert.equal(after.status, 'issued');
    assert.deepEqual(after.lines, before.lines, m);
  }
  await expectError(await call(`/royalties/${month}/issue`, tokens.finance, { method: 'POST' }), 409, 'ALREADY_ISSUED');
  const audit = await backend(server, 'aurora')('/admin/audit?action=royalties.issue', staffBearer(tokens.owner));
  const items = (await audit.json()).data.items;
  assert.ok(items.some((e) => e.objectId === month), JSON.stringify(items));

  // A later report (received now) of a play issued six days ago — last month's in the first days of a month (a
  // ticket lives a week at most, so no report comes later than that): its seconds go into this month's open
  // statement. (The play row is written here as of six days ago, after that day's refresh: its day is not
  // refreshed again, so the plays stay as they were.)
  const frozen = await answer(`/royalties/${month}/lines`);
  const openBefore = await answer(`/royalties/${current}/lines`);
  const [ticket] = rows(`SELECT id AS id, article_id AS article_id, user_uuid AS user_uuid FROM stream_tickets
    WHERE tenant_id = ${tenantId} AND created_at >= '${month}-01' AND created_at < '${current}-01' ORDER BY created_at LIMIT 1`);
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const issuedAt = new Date(Date.now() - 6 * 86400000).toISOString();
  const played = randomUUID();
  exec(`INSERT INTO stream_tickets (id, tenant_id, user_uuid, article_id, content_type, media_ms, counted_ms, claimed_ms,
    created_at, expires_at) VALUES ('${played}', ${tenantId}, '${ticket.user_uuid}', ${ticket.article_id}, 'song', 600000,
    1234, 4321, '${issuedAt}', '${now}')`);
  exec(`INSERT INTO stream_reports (id, ticket_id, ticket_created_at, tenant_id, type, reported_at, claimed_ms, max_usage_ms,
    offline, partial, created_at, counted_ms) VALUES ('${randomUUID()}', '${played}', '${issuedAt}', ${tenantId}, 'listened',
    '${now}', 4321, 600000, 0, 0, '${now}', 1234)`);
  await refresh();
  assert.deepEqual((await answer(`/royalties/${month}/lines`)).lines, frozen.lines, 'the issued lines do not move');
  const openAfter = await answer(`/royalties/${current}/lines`);
  const was = openBefore.lines.find((l) => l.articleId === ticket.article_id) ?? { plays: 0, countedMs: 0, claimedMs: 0 };
  const now2 = openAfter.lines.find((l) => l.articleId === ticket.article_id);
  assert.deepEqual([now2.plays, now2.countedMs, now2.claimedMs], [was.plays, was.countedMs + 1234, was.claimedMs + 4321]);
});

// Issue 45 item 14: a script that posts page views with made-up visit ids is cut off after the events call's
// rate limit (120 a minute per client, 429 with Retry-After), and what got through counts at most 20 visits
// for that client and day, so the funnel cannot be inflated. Last in this file: it adds page views of today.
test('page views with made-up visit ids: rate-limited per client, and capped at 20 visits a day in the funnel', async () => {
  await refresh();
  const visitsToday = async () => (await answer(`/consumption?from=${today()}&to=${today()}&granularity=day`)).funnel.visits;
  const before = await visitsToday();
  const api = backend(server, 'aurora');
  const statuses = [];
  let limited;
  // Until the first refusal. The minute may turn during the loop (a slow machine): then a second window starts, and
  // the refusal comes within two windows' worth, 241 calls at most.
  for (let i = 0; i < 241 && !limited; i++) {
    const res = await api('/kafka/event/pageView', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: '/', visit: randomUUID() }),
    });
    statuses.push(res.status);
    if (res.status === 429) limited = res;
  }
  const accepted = statuses.filter((s) => s === 202).length;
  assert.ok(limited, 'a page view past 120 in a minute is refused');
  assert.ok(accepted >= 120 && accepted <= 240, `accepted ${accepted}`);
  const body = await expectError(limited, 429, 'TOO_MANY_REQUESTS');
  assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  assert.equal(body.data.retryAfter, Number(limited.headers.get('retry-after')));
  const kept = rows(`SELECT client AS client FROM events WHERE tenant_id = ${tenantId} AND name = 'pageView' AND client LIKE 'address:%'`);
  assert.equal(kept.length, accepted);
  assert.equal(new Set(kept.map((r) => r.client)).size, 1, 'one client key, which is not the address itself');
  assert.doesNotMatch(kept[0].client, /127\.0\.0\.1/);
  await refresh();
  assert.equal(await visitsToday(), before + 20);
});
