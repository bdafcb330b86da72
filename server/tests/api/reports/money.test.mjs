// Reports, money (issue 35): after `portal generate-activity` and a refresh, every figure of the
// revenue and subscribers reports equals what this file sums itself from the raw rows (payments,
// refunds, checkouts, subscriptions, events, trials, catalog sections), to the minor unit; the
// refresh is admin's and audited; finance reads; editor and support are 403; bad values 400 naming
// the field. SQLite and PostgreSQL, through Prism in CI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
const SEED = 7;
const DAYS = 120;
let server, tokens, tenantId;

// Raw rows through the database's own command line client, as objects.
function rows(sql) {
  const url = server.database;
  const out = /^postgres(ql)?:/.test(url)
    ? execFileSync('psql', [url, '-At', '-F', '\t', '-P', 'null=\\N', '-c', sql], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : execFileSync('sqlite3', ['-separator', '\t', '-nullvalue', '\\N', url, sql], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const cols = [...sql.matchAll(/ AS (\w+)/g)].map((m) => m[1]);
  return out.split('\n').filter((l) => l.length).map((l) => {
    const v = l.split('\t');
    return Object.fromEntries(cols.map((c, i) => [c, v[i] === '\\N' ? null : v[i]]));
  });
}

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--reports-interval', '0']);
  const run = spawnSync(BINARY, ['generate-activity', '--tenant', 'aurora', '--customers', '300', '--days', String(DAYS),
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
const answer = async (path, token = tokens.finance) => {
  const res = await call(path, token);
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return (await res.json()).data;
};

// ---- the raw rows and the sums of them -------------------------------------------------------
const day = (ts) => ts.slice(0, 10);
const addDays = (d, n) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
function periodOf(d, g) {
  if (g === 'day') return d;
  if (g === 'month') return `${d.slice(0, 7)}-01`;
  const wd = new Date(`${d}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(d, -((wd + 6) % 7));
}
function monthly(price, cycle) {
  const m = /^P(\d+)([DWMY])$/.exec(cycle ?? '');
  if (!m || price <= 0) return 0;
  const n = Number(m[1]);
  const [num, den] = { D: [365, 12 * n], W: [52, 12 * n], M: [1, n], Y: [1, 12 * n] }[m[2]];
  return Math.floor((2 * price * num + den) / (2 * den));
}

function raw() {
  const t = tenantId;
  const payments = rows(`SELECT id AS id, purpose AS purpose, reference AS reference, provider AS provider, amount AS amount,
    currency AS currency, status AS status, created_at AS created_at FROM payments WHERE tenant_id = ${t}`);
  const refunds = rows(`SELECT payment_id AS payment_id, amount AS amount, status AS status, created_at AS created_at
    FROM payment_refunds WHERE tenant_id = ${t}`);
  const checkouts = new Map(rows(`SELECT id AS id, type_id AS type_id FROM subscription_checkouts WHERE tenant_id = ${t}`)
    .map((r) => [r.id, Number(r.type_id)]));
  const subs = new Map(rows(`SELECT id AS id, user_uuid AS user_uuid, type_id AS type_id, trial AS trial, state AS state
    FROM user_subscriptions WHERE tenant_id = ${t}`).map((r) => [r.id, { ...r, type_id: Number(r.type_id), trial: Number(r.trial) }]));
  const sections = new Map(rows(`SELECT ap.id AS id, ca.section AS section FROM article_purchases ap
    LEFT JOIN catalog_articles ca ON ca.tenant_id = ap.tenant_id AND ca.id = ap.article_id WHERE ap.tenant_id = ${t}`)
    .map((r) => [r.id, r.section ?? '']));
  const events = rows(`SELECT id AS id, subscription_id AS subscription_id, version AS version, from_state AS from_state, to_state AS to_state,
    reason AS reason, at AS at FROM subscription_events WHERE tenant_id = ${t}`);
  const trials = rows(`SELECT user_uuid AS user_uuid, group_id AS group_id, subscription_id AS subscription_id,
    created_at AS created_at FROM subscription_trials WHERE tenant_id = ${t}`);
  const plans = new Map(rows(`SELECT id AS id, group_id AS group_id, definition AS definition FROM subscription_types
    WHERE tenant_id = ${t}`).map((r) => [Number(r.id), { group: r.group_id, ...JSON.parse(r.definition) }]));
  return { payments, refunds, checkouts, subs, sections, events, trials, plans };
}

function paymentDims(p, r) {
  const method = p.purpose === 'vouchers' ? 'voucher' : ['sandbox-operator', 'camara'].includes(p.provider) ? 'mobile_bill' : 'card';
  let plan = 0;
  if (p.purpose === 'checkout') plan = r.checkouts.get(p.reference) ?? 0;
  if (p.purpose === 'renewal') plan = r.subs.get(p.reference.split('@')[0])?.type_id ?? 0;
  const section = p.purpose === 'article' ? r.sections.get(p.reference) ?? '' : null;
  return { method, plan, section };
}

// Revenue entries (one per succeeded payment or refund) inside [from, to].
function revenueEntries(r, from, to) {
  const byId = new Map(r.payments.map((p) => [p.id, p]));
  const out = [];
  for (const p of r.payments)
    if (p.status === 'SUCCEEDED' && day(p.created_at) >= from && day(p.created_at) <= to)
      out.push({ day: day(p.created_at), currency: p.currency, ...paymentDims(p, r), gross: Number(p.amount), payments: 1, refunds: 0, refundCount: 0 });
  for (const f of r.refunds) {
    const p = byId.get(f.payment_id);
    if (f.status === 'SUCCEEDED' && day(f.created_at) >= from && day(f.created_at) <= to)
      out.push({ day: day(f.created_at), currency: p.currency, ...paymentDims(p, r), gross: 0, payments: 0, refunds: Number(f.amount), refundCount: 1 });
  }
  return out;
}

function sumBy(entries, key, fields) {
  const m = new Map();
  for (const e of entries) {
    const k = key(e);
    if (k === null) continue;
    const acc = m.get(k) ?? Object.fromEntries(fields.map((f) => [f, 0]));
    for (const f of fields) acc[f] += e[f];
    m.set(k, acc);
  }
  return m;
}

const becameActive = (e) => e.to_state === 'ACTIVE' && e.from_state !== 'ACTIVE';
const leftActive = (e) => e.from_state === 'ACTIVE' && e.to_state !== 'ACTIVE';

// Per day: the subscriber flows of every plan together.
function subscriberDays(r) {
  const out = new Map();
  const at = (d) => {
    if (!out.has(d)) out.set(d, { started: 0, new: 0, cancelled: 0, ended: 0, trialsStarted: 0, trialsEnded: 0, trialsConverted: 0, paid: new Map() });
    return out.get(d);
  };
  const activations = r.events.filter(becameActive).map((e) => ({ ...e, user: r.subs.get(e.subscription_id).user_uuid }));
  const firstOf = new Map();
  for (const e of activations) {
    const f = firstOf.get(e.user);
    if (!f || e.at < f.at || (e.at === f.at && e.id < f.id)) firstOf.set(e.user, e);
  }
  for (const e of r.events) {
    const s = r.subs.get(e.subscription_id);
    const d = at(day(e.at));
    if (becameActive(e)) {
      d.started++;
      if (firstOf.get(s.user_uuid).id === e.id) d.new++;
      if (!s.trial) d.paid.set(s.type_id, (d.paid.get(s.type_id) ?? 0) + 1);
    }
    if (e.reason.startsWith('cancelled by')) d.cancelled++;
    if (leftActive(e)) {
      d.ended++;
      if (s.trial) d.trialsEnded++;
      else d.paid.set(s.type_id, (d.paid.get(s.type_id) ?? 0) - 1);
    }
  }
  for (const t of r.trials) {
    const d = at(day(t.created_at));
    d.trialsStarted++;
    const converted = activations.some((e) => {
      const s = r.subs.get(e.subscription_id);
      return e.user === t.user_uuid && !s.trial && r.plans.get(s.type_id)?.group === t.group_id && e.at >= t.created_at;
    });
    if (converted) d.trialsConverted++;
  }
  return out;
}

// Cohorts of months fromMonth..toMonth: customers by the month of their first activation; active[k]:
// of them, those with a subscription active at some time in month + k (active at its start, or
// became active in it).
function cohorts(r, fromMonth, toMonth) {
  const nextMonth = (m) => { const [y, mm] = m.split('-').map(Number); return mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`; };
  const first = new Map();
  const bySub = new Map();
  for (const e of r.events) {
    if (!bySub.has(e.subscription_id)) bySub.set(e.subscription_id, []);
    bySub.get(e.subscription_id).push(e);
    if (!becameActive(e)) continue;
    const u = r.subs.get(e.subscription_id).user_uuid;
    if (!first.has(u) || e.at < first.get(u)) first.set(u, e.at);
  }
  const subsOf = new Map();
  for (const s of r.subs.values()) subsOf.set(s.user_uuid, [...(subsOf.get(s.user_uuid) ?? []), s.id]);
  const activeIn = (u, m) => {
    const start = `${m}-01`, end = `${nextMonth(m)}-01`;
    return (subsOf.get(u) ?? []).some((id) => {
      const evs = (bySub.get(id) ?? []).map((e) => ({ ...e, version: Number(e.version) }));
      const before = evs.filter((e) => e.at < start).sort((a, b) => b.version - a.version)[0];
      return before?.to_state === 'ACTIVE' || evs.some((e) => becameActive(e) && e.at >= start && e.at < end);
    });
  };
  const out = [];
  for (let c = fromMonth; c <= toMonth; c = nextMonth(c)) {
    const users = [...first].filter(([, at]) => at.slice(0, 7) === c).map(([u]) => u);
    if (!users.length) continue;
    const active = [];
    for (let m = c; m <= toMonth; m = nextMonth(m)) active.push(users.filter((u) => activeIn(u, m)).length);
    out.push({ month: c, customers: active[0], active });
  }
  return out;
}

// ---- the tests -------------------------------------------------------------------------------
test('the refresh is admin and above, audited; finance, editor and support may not run it', async () => {
  for (const role of ['finance', 'editor', 'support'])
    await expectError(await call('/refresh', tokens[role], { method: 'POST' }), 403);
  await expectError(await backend(server, 'aurora')('/admin/reports/refresh', { method: 'POST' }), 401);
  const res = await call('/refresh', tokens.owner, { method: 'POST' });
  assert.equal(res.status, 200, await res.clone().text());
  const done = (await res.json()).data;
  assert.equal(done.ran, true);
  assert.ok(done.days > DAYS / 2, JSON.stringify(done));
  assert.match(done.refreshedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const audit = await backend(server, 'aurora')('/admin/audit?action=reports.refresh', staffBearer(tokens.owner));
  assert.equal(audit.status, 200);
  const items = (await audit.json()).data.items;
  assert.ok(items.some((e) => e.action === 'reports.refresh'), JSON.stringify(items));
  // A second run finds nothing changed since the first one's start but the margin's rows: it runs, claimed.
  const again = (await (await call('/refresh', tokens.owner, { method: 'POST' })).json()).data;
  assert.equal(again.ran, true);
});

test('editor and support may not read the reports; bad values are 400 naming the field', async () => {
  for (const role of ['editor', 'support'])
    for (const path of ['/revenue', '/subscribers']) await expectError(await call(path, tokens[role]), 403);
  await expectError(await backend(server, 'aurora')('/admin/reports/revenue'), 401);
  const bad = [
    ['/revenue?from=2026-02-30', 'from'], ['/revenue?from=yesterday', 'from'], ['/subscribers?to=2026-1-01', 'to'],
    ['/revenue?granularity=year', 'granularity'], ['/subscribers?granularity=', 'granularity'],
    ['/revenue?from=2026-05-02&to=2026-05-01', 'from'], ['/revenue?from=2020-01-01&to=2026-01-01', 'from'],
    ['/revenue?method=cash', 'method'], ['/revenue?plan=abc', 'plan']];
  for (const [path, field] of bad) {
    const e = await expectError(await call(path, tokens.finance), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, field, path);
  }
});

test('refunds made after a refresh are taken by the next one (incremental): a partial and a full one', async () => {
  const pick = (purpose) => rows(`SELECT id AS id, user_uuid AS user_uuid, amount AS amount FROM payments WHERE tenant_id = ${tenantId}
    AND purpose = '${purpose}' AND status = 'SUCCEEDED' AND provider = 'sandbox' ORDER BY created_at, id LIMIT 1`)[0];
  const refund = async (p, amount, keepPlan) => {
    const res = await backend(server, 'aurora')(`/admin/customers/${p.user_uuid}/payments/${p.id}/refunds`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...staffBearer(tokens.finance).headers },
      body: JSON.stringify({ amount, reason: 'reports test', keepPlan }) });
    assert.ok(res.status === 200 || res.status === 201, await res.clone().text());
  };
  await refund(pick('article'), 1, true);
  const checkout = pick('checkout');
  await refund(checkout, Number(checkout.amount), false);
  const done = (await (await call('/refresh', tokens.owner, { method: 'POST' })).json()).data;
  assert.equal(done.ran, true);
  const rep = await answer(`/revenue?from=${new Date().toISOString().slice(0, 10)}`);
  assert.equal(rep.totals[0].refundCount, 2);
  assert.equal(rep.totals[0].refunds, 1 + Number(checkout.amount));
});

const today = new Date().toISOString().slice(0, 10);
const FROM = addDays(today, -DAYS - 3);

for (const granularity of ['day', 'week', 'month'])
  test(`revenue by ${granularity}: every figure equals the raw rows' sums`, async () => {
    await call('/refresh', tokens.owner, { method: 'POST' });
    const r = raw();
    const rep = await answer(`/revenue?from=${FROM}&to=${today}&granularity=${granularity}`);
    assert.equal(rep.from, FROM);
    assert.equal(rep.to, today);
    assert.equal(rep.granularity, granularity);
    assert.ok(rep.refreshedAt);
    const entries = revenueEntries(r, FROM, today);
    assert.ok(entries.length > 300, `generated payments: ${entries.length}`);
    const fields = ['gross', 'refunds', 'payments', 'refundCount'];
    const currencies = [...new Set(entries.map((e) => e.currency))].sort();
    assert.deepEqual(rep.currencies, currencies);

    const periods = [];
    for (let d = FROM; d <= today; d = addDays(d, 1)) if (!periods.includes(periodOf(d, granularity))) periods.push(periodOf(d, granularity));
    const series = sumBy(entries, (e) => `${periodOf(e.day, granularity)} ${e.currency}`, fields);
    const expectSeries = [];
    for (const period of periods)
      for (const currency of currencies) {
        const s = series.get(`${period} ${currency}`) ?? { gross: 0, refunds: 0, payments: 0, refundCount: 0 };
        expectSeries.push({ period, currency, gross: s.gross, refunds: s.refunds, net: s.gross - s.refunds, payments: s.payments, refundCount: s.refundCount });
      }
    assert.deepEqual(rep.series, expectSeries);

    const totals = sumBy(entries, (e) => e.currency, fields);
    assert.deepEqual(rep.totals, currencies.map((currency) => {
      const s = totals.get(currency);
      return { currency, gross: s.gross, refunds: s.refunds, net: s.gross - s.refunds, payments: s.payments, refundCount: s.refundCount };
    }));
    // The sum of the series is the total, per currency.
    for (const currency of currencies)
      assert.equal(rep.series.filter((p) => p.currency === currency).reduce((a, p) => a + p.net, 0), totals.get(currency).gross - totals.get(currency).refunds);

    const byPlan = sumBy(entries, (e) => (e.plan ? `${e.plan} ${e.currency}` : null), fields);
    const expectPlans = [...byPlan].map(([k, s]) => {
      const [planId, currency] = k.split(' ');
      return { planId: Number(planId), planName: r.plans.get(Number(planId))?.name ?? '', currency, gross: s.gross, refunds: s.refunds, net: s.gross - s.refunds, payments: s.payments };
    }).sort((a, b) => a.planId - b.planId || a.currency.localeCompare(b.currency));
    assert.deepEqual(rep.byPlan, expectPlans);

    const byMethod = sumBy(entries, (e) => `${e.method} ${e.currency}`, fields);
    const expectMethods = [...byMethod].map(([k, s]) => {
      const [method, currency] = k.split(' ');
      return { method, currency, gross: s.gross, refunds: s.refunds, net: s.gross - s.refunds, payments: s.payments };
    }).sort((a, b) => (a.method + a.currency < b.method + b.currency ? -1 : 1));
    assert.deepEqual(rep.byMethod, expectMethods);
    assert.ok(rep.byMethod.some((m) => m.method === 'mobile_bill'), 'the operator flow is mobile_bill');

    const bySection = sumBy(entries, (e) => (e.section === null ? null : `${e.section} ${e.currency}`), fields);
    const expectSections = [...bySection].map(([k, s]) => {
      const [section, currency] = k.split(' ');
      return { section, currency, gross: s.gross, refunds: s.refunds, net: s.gross - s.refunds, purchases: s.payments };
    }).sort((a, b) => (a.section + ' ' + a.currency < b.section + ' ' + b.currency ? -1 : 1));
    assert.deepEqual(rep.bySection, expectSections);
    assert.ok(rep.bySection.length > 1, JSON.stringify(rep.bySection));

    // MRR at the end of `to`: paid subscriptions active then × their plan's monthly price.
    const active = new Map();
    for (const e of r.events) {
      const s = r.subs.get(e.subscription_id);
      if (s.trial || day(e.at) > today) continue;
      if (becameActive(e)) active.set(s.type_id, (active.get(s.type_id) ?? 0) + 1);
      if (leftActive(e)) active.set(s.type_id, (active.get(s.type_id) ?? 0) - 1);
    }
    const mrr = new Map();
    for (const [plan, n] of active) {
      const p = r.plans.get(plan);
      if (!p?.price?.currency || n <= 0) continue;
      const m = mrr.get(p.price.currency) ?? { currency: p.price.currency, amount: 0, subscriptions: 0 };
      m.amount += n * monthly(p.price.amount, p.billingCycle);
      m.subscriptions += n;
      mrr.set(p.price.currency, m);
    }
    assert.deepEqual(rep.mrr, [...mrr.values()].sort((a, b) => a.currency.localeCompare(b.currency)));
    // ... and that is the subscriptions ACTIVE now that are no trials.
    const paidNow = [...r.subs.values()].filter((s) => s.state === 'ACTIVE' && !s.trial).length;
    assert.equal(rep.mrr.reduce((a, m) => a + m.subscriptions, 0), paidNow);
  });

test('revenue filters: currency, method and plan narrow every figure', async () => {
  const r = raw();
  const entries = revenueEntries(r, FROM, today);
  const card = await answer(`/revenue?from=${FROM}&to=${today}&method=mobile_bill`);
  const want = entries.filter((e) => e.method === 'mobile_bill').reduce((a, e) => a + e.gross, 0);
  assert.equal(card.totals.reduce((a, t) => a + t.gross, 0), want);
  assert.deepEqual(card.byMethod.map((m) => m.method), ['mobile_bill']);
  const plan = entries.find((e) => e.plan).plan;
  const one = await answer(`/revenue?from=${FROM}&to=${today}&plan=${plan}`);
  assert.deepEqual(one.byPlan.map((p) => p.planId), [plan]);
  assert.equal(one.totals[0].gross, entries.filter((e) => e.plan === plan).reduce((a, e) => a + e.gross, 0));
  const none = await answer(`/revenue?from=${FROM}&to=${today}&currency=XXX`);
  assert.deepEqual([none.currencies, none.series, none.totals, none.mrr], [[], [], [], []]);
});

for (const granularity of ['day', 'week', 'month'])
  test(`subscribers by ${granularity}: flows, active, rates and ARPU equal the raw rows`, async () => {
    const r = raw();
    const days = subscriberDays(r);
    const from = addDays(today, -60);
    const rep = await answer(`/subscribers?from=${from}&to=${today}&granularity=${granularity}`);
    assert.equal(rep.granularity, granularity);
    let active = 0;
    for (const [d, f] of days) if (d < from) active += f.started - f.ended;
    const activeAtStart = active;
    const periods = new Map();
    const totals = { started: 0, new: 0, cancelled: 0, ended: 0, trialsStarted: 0, trialsEnded: 0, trialsConverted: 0 };
    let activeSum = 0, nDays = 0;
    for (let d = from; d <= today; d = addDays(d, 1)) {
      const f = days.get(d);
      const p = periodOf(d, granularity);
      if (!periods.has(p)) periods.set(p, { period: p, active: 0, started: 0, new: 0, cancelled: 0, ended: 0, trialsStarted: 0, trialsConverted: 0 });
      const s = periods.get(p);
      if (f) {
        active += f.started - f.ended;
        for (const k of ['started', 'new', 'cancelled', 'ended', 'trialsStarted', 'trialsConverted']) s[k] += f[k];
        for (const k of Object.keys(totals)) totals[k] += f[k];
      }
      s.active = active;
      activeSum += active;
      nDays++;
    }
    assert.deepEqual(rep.series, [...periods.values()]);
    assert.deepEqual(rep.totals, {
      activeAtStart, activeAtEnd: active, ...totals,
      conversionRate: totals.trialsStarted ? totals.trialsConverted / totals.trialsStarted : null,
      churnRate: activeSum ? (30 * totals.ended) / activeSum : null,
    });
    // Active at the end is the subscriptions ACTIVE now.
    assert.equal(rep.totals.activeAtEnd, [...r.subs.values()].filter((s) => s.state === 'ACTIVE').length);
    const net = sumBy(revenueEntries(r, from, today), (e) => e.currency, ['gross', 'refunds']);
    assert.deepEqual(rep.arpu, [...net].sort().map(([currency, s]) => ({ currency, amount: Math.round(((s.gross - s.refunds) * nDays) / activeSum) })));
    assert.deepEqual(rep.cohorts, cohorts(r, from.slice(0, 7), today.slice(0, 7)));
    // Sixty days span two calendar months (from the 1st, as on the 30th of November) or three.
    assert.ok(rep.cohorts.length >= 2 && rep.cohorts[0].active.length >= 2, JSON.stringify(rep.cohorts));
  });
