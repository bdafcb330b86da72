// The scale benchmark's body (bench/scale starts it under scripts/with-postgres --pgbouncer [--replica]): one
// database behind PgBouncer, its replica when there is one, the S3 test store, INSTANCES portals; a tenant
// (aurora) grown to ARTICLES articles and SUBSCRIBERS customers; a customer mix spread over the instances as a load
// balancer would; a renewal run. Prints what each request costs: requests per second per instance and per core,
// database queries and rows per request, p50/p99 by kind, RSS per instance, the replica's lag, renewals per hour.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { startS3, S3_KEYS } from '../server/tests/api/support/s3.mjs';
import { openCheckout, submitCheckout } from '../server/tests/api/subscriptions/support.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const num = (name, fallback) => Number(process.env[name] ?? fallback);
const SUBSCRIBERS = num('SUBSCRIBERS', 1_000_000);
const ARTICLES = num('ARTICLES', 1_000_000);
const DAYS = num('DAYS', 7);
const INSTANCES = num('INSTANCES', 3);
const DURATION = num('DURATION', 30);
const CONCURRENCY = num('CONCURRENCY', 32);
const SIGNED_IN = num('SIGNED_IN', 200);
const RENEWALS = num('RENEWALS', 2000);
const JOBS = num('JOBS', 4);
const PART = num('PART', 100);
const CACHE = process.env.SCALE_CACHE ?? '/tmp/portal-scale';
const PORTAL = resolve(ROOT, process.env.PORTAL_BIN ?? 'build/portal');
const TENANT = 'aurora';
const DB = 'portal_scale';

const admin = process.env.PORTAL_TEST_PG_ADMIN;
const bouncer = process.env.PORTAL_TEST_PGBOUNCER;
const replicaAdmin = process.env.PORTAL_TEST_PG_REPLICA;
if (!admin || !bouncer) throw new Error('bench/scale.mjs runs under scripts/with-postgres --pgbouncer (use bench/scale)');
const onDb = (url, db) => url.replace(/\/[^/?]*(\?|$)/, `/${db}$1`);
const direct = onDb(admin, DB);
const pooled = `${onDb(bouncer, DB)}?pool_mode=transaction`;
const replica = replicaAdmin ? onDb(replicaAdmin, DB) : null;
const psql = (url, sql) => execFileSync('psql', [url, '-tAqc', sql], { encoding: 'utf8' }).trim();
const log = (...a) => console.error(new Date().toISOString().slice(11, 19), ...a);
const seconds = (t0) => (Date.now() - t0) / 1000;

// ------------------------------------------------------------------------------------------- the portals
const portalArgs = (s3) => ['--database', pooled, '--address', '127.0.0.1', '--port', '0', '--log-level', 'warn',
  '--web-root', join(ROOT, 'web/dist'), '--media-job-interval', '0', '--reports-interval', '0', ...s3.args,
  ...(replica && portalHelp().includes('--database-replica') ? ['--database-replica', replica] : [])];
let help;
function portalHelp() { return (help ??= execFileSync(PORTAL, ['--help'], { encoding: 'utf8' })); }

async function startPortal(s3, extra = []) {
  const dir = join(CACHE, `run-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const portFile = join(dir, `port-${Math.random().toString(36).slice(2)}`);
  const child = spawn(PORTAL, [...portalArgs(s3), '--port-file', portFile, ...extra],
    { cwd: ROOT, env: { ...process.env, ...S3_KEYS }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 1200; i++) {
    if (existsSync(portFile) && readFileSync(portFile, 'utf8').trim()) {
      const base = `http://127.0.0.1:${readFileSync(portFile, 'utf8').trim()}`;
      return { child, pid: child.pid, base, stop: () => new Promise((ok) => { child.once('exit', ok); child.kill('SIGTERM'); }) };
    }
    if (child.exitCode !== null) throw new Error(`a portal exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('a portal did not start within 120 s');
}

const procStat = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;  // utime + stime, in seconds (USER_HZ 100)
};
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

// ------------------------------------------------------------------------------------------- the data
async function grow(s3) {
  const rows = Number(psql(admin, `SELECT count(*) FROM pg_database WHERE datname = '${DB}'`));
  if (rows) psql(admin, `DROP DATABASE ${DB}`);
  psql(admin, `CREATE DATABASE ${DB}`);
  log('migrate and seed the demo tenants');
  const first = await startPortal(s3, ['--seed', 'demo', '--scheduler-interval', '0']);
  await first.stop();
  const figures = {};
  // The catalog in parts of PART copies of the demo catalog (637 articles each), one file each: a million articles
  // in one file would be parsed whole in the importer's memory. The same layout as bench/search-scale's cache, so
  // SCALE_CACHE=/tmp/search-scale-cache reuses its files.
  const scale = Math.max(1, Math.ceil(ARTICLES / 637));
  const parts = join(CACHE, `catalog-${scale}`);
  mkdirSync(parts, { recursive: true });
  const files = [];
  let t0 = Date.now();
  for (let from = 1; from <= scale; from += PART) {
    const to = Math.min(scale, from + PART - 1);
    const file = join(parts, `copies-${from}-${to}.json`);
    if (!existsSync(file)) {
      execFileSync('node', ['data/catalog/build-catalog.mjs', '--scale', String(scale), '--copies', `${from}-${to}`, '--out', `${file}.tmp`],
        { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      renameSync(`${file}.tmp`, file);
    }
    files.push(file);
  }
  log(`catalog files: ${files.length} in ${parts} (${seconds(t0)} s)`);
  t0 = Date.now();
  let articles = 0;
  for (const file of files) {
    const said = execFileSync(PORTAL, ['import-catalog', file, '--tenant', TENANT, '--database', direct, '--log-level', 'warn'],
      { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    articles += Number(/imported (\d+) articles/.exec(said)?.[1] ?? 0);
  }
  figures.import = { articles, seconds: seconds(t0) };
  log(`imported ${articles} articles in ${figures.import.seconds} s (${Math.round(articles / figures.import.seconds)}/s)`);
  t0 = Date.now();
  const out = execFileSync(PORTAL, ['generate-activity', '--tenant', TENANT, '--customers', String(SUBSCRIBERS), '--days', String(DAYS),
    '--seed', '1', '--jobs', String(JOBS), '--database', direct, '--log-level', 'warn'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const generated = [...out.matchAll(/(\d[\d,]*)\s+rows?/g)].map((m) => Number(m[1].replaceAll(',', '')));
  figures.generate = { customers: SUBSCRIBERS, days: DAYS, seconds: seconds(t0), output: out.trim().split('\n').slice(-12) };
  log(`generated ${SUBSCRIBERS} customers x ${DAYS} days in ${figures.generate.seconds} s ` +
      `(${Math.round(SUBSCRIBERS / figures.generate.seconds)} customers/s)${generated.length ? `; ${generated.at(-1)} rows` : ''}`);
  psql(direct, 'VACUUM ANALYZE');
  figures.databaseMb = Math.round(Number(psql(direct, `SELECT pg_database_size('${DB}')`)) / 1e6);
  return figures;
}

// ------------------------------------------------------------------------------------------- the mix
const LANGS = ['en', 'de', 'fr', 'es', 'ar', 'ro'];
const WORDS = ['neon', 'golden hour', 'midnigt drive', 'ocean', 'night', 'love', 'rain', 'city lights', 'summer', 'dream'];
const pick = (a) => a[Math.floor(Math.random() * a.length)];
// Tracks of the grown catalog (the type of the demo's track 20002 and its copies), to open, play and buy.
const articleIds = () => psql(direct, `SELECT a.id FROM catalog_articles a JOIN catalog_articles t ON t.tenant_id = a.tenant_id ` +
  `AND t.id = 20002 AND t.content_type = a.content_type WHERE a.tenant_id = (SELECT id FROM tenants WHERE name = '${TENANT}') ` +
  `ORDER BY random() LIMIT 2000`).split('\n').map(Number).filter(Boolean);

async function call(base, path, { method = 'GET', token, body } = {}) {
  const res = await fetch(`${base}/backend${path}`, {
    method,
    headers: { 'x-tenant-id': TENANT, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text).data };
}

async function signIn(instances) {
  const tokens = [];
  for (let i = 1; tokens.length < SIGNED_IN && i <= SUBSCRIBERS; i += Math.max(1, Math.floor(SUBSCRIBERS / SIGNED_IN))) {
    const r = await call(pick(instances).base, '/login/api', { method: 'POST', body: { email: `gen-1-${i}@example.test`, password: 'Generated-Customer-1' } });
    if (r.status === 200) tokens.push(r.json().access_token);
  }
  return tokens;
}

function kinds(ids, tokens) {
  return [
    // [name, weight, run(base) -> number of requests]
    ['browse', 40, async (base) => [await call(base, `/catalog/articles?section=music&limit=20&offset=${20 * Math.floor(Math.random() * 10)}&lang=${pick(LANGS)}`)]],
    ['search', 20, async (base) => [await call(base, `/search?q=${encodeURIComponent(pick(WORDS))}&lang=${pick(LANGS)}&offset=0&limit=20`)]],
    ['details', 20, async (base) => [await call(base, `/catalog/articles/${pick(ids)}?lang=${pick(LANGS)}`)]],
    ['play', 15, async (base) => [await call(base, '/song', { method: 'POST', token: pick(tokens), body: { id: pick(ids), protocol: 'https' } })]],
    ['purchase', 5, async (base) => {
      const token = pick(tokens);
      const articleId = pick(ids);
      const started = await call(base, `/purchase/ArticleOneTimePurchase?articleId=${articleId}`, { token });
      if (started.status !== 200) return [started];
      const choice = await call(base, '/subscription/oneTimePaymentOptions', { method: 'POST', token,
        body: { redirectionUrl: 'http://localhost:8080/music', lang: 'en', transactionId: started.json().transactionId } });
      const card = choice.status === 200 ? choice.json().options.find((o) => o.redirectionUrl) : null;
      if (!card) return [started, choice];
      const paid = await submitCheckout(card.redirectionUrl, await openCheckout(card.redirectionUrl), '4242424242424242');
      return [started, choice, { status: 200 }, { status: paid.res.status }];
    }],
  ];
}

function percentile(sorted, p) { return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0; }

async function mix(instances, ids, tokens, duration = DURATION) {
  const table = kinds(ids, tokens);
  const total = table.reduce((s, k) => s + k[1], 0);
  const by = Object.fromEntries(table.map(([name]) => [name, { ms: [], requests: 0, errors: 0, statuses: {} }]));
  let next = 0;
  const end = Date.now() + duration * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      let r = Math.random() * total, kind = table[0];
      for (const k of table) { if ((r -= k[1]) < 0) { kind = k; break; } }
      const base = instances[next++ % instances.length].base;  // round robin, as a load balancer
      const t0 = performance.now();
      try {
        const answers = await kind[2](base);
        by[kind[0]].ms.push(performance.now() - t0);
        by[kind[0]].requests += answers.length;
        by[kind[0]].errors += answers.filter((a) => a.status >= 500 || a.status === 429).length;
        for (const a of answers) if (a.status >= 300) by[kind[0]].statuses[a.status] = (by[kind[0]].statuses[a.status] ?? 0) + 1;
      } catch {
        by[kind[0]].errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return by;
}

// ------------------------------------------------------------------------------------------- the database's side
function bouncerStats() {
  const url = onDb(bouncer, 'pgbouncer');
  try {
    const out = execFileSync('psql', [url, '-AF', '|', '-c', 'SHOW STATS'], { encoding: 'utf8' }).trim().split('\n');
    const head = out[0].split('|');
    const row = out.map((l) => l.split('|')).find((c) => c[0] === DB);
    return row ? { queries: Number(row[head.indexOf('total_query_count')]), transactions: Number(row[head.indexOf('total_xact_count')]) } : null;
  } catch { return null; }
}
const rowsRead = (url) => Number(psql(url, `SELECT tup_returned + tup_fetched FROM pg_stat_database WHERE datname = '${DB}'`));
const replicaLag = () => {
  const out = psql(admin, 'SELECT coalesce(max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)), -1), ' +
    "coalesce(extract(epoch FROM max(replay_lag)) * 1000, 0) FROM pg_stat_replication");
  const [bytes, ms] = out.split('|').map(Number);
  return { bytes, ms };
};

// ------------------------------------------------------------------------------------------- renewals
async function renewals(s3) {
  const due = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const picked = psql(direct, `UPDATE user_subscriptions SET next_renewal_date = '${due}', end_date = '${due}' WHERE id IN (` +
    `SELECT s.id FROM user_subscriptions s JOIN payment_methods m ON m.user_uuid = s.user_uuid AND m.tenant_id = s.tenant_id ` +
    `WHERE s.state = 'ACTIVE' AND s.tenant_id = (SELECT id FROM tenants WHERE name = '${TENANT}') LIMIT ${RENEWALS}) RETURNING id`)
    .split('\n').filter(Boolean);
  if (!picked.length) return { due: 0 };
  const list = picked.map((id) => `'${id}'`).join(',');
  const left = () => Number(psql(direct, `SELECT count(*) FROM user_subscriptions WHERE id IN (${list}) AND next_renewal_date <= '${due}'`));
  const t0 = Date.now();
  const runner = await startPortal(s3, ['--scheduler-interval', '1']);
  let remaining = picked.length;
  while (remaining > 0 && seconds(t0) < 300) {
    await new Promise((r) => setTimeout(r, 1000));
    remaining = left();
  }
  const took = seconds(t0);
  await runner.stop();
  return { due: picked.length, renewed: picked.length - remaining, seconds: took, perHour: Math.round((picked.length - remaining) / took * 3600) };
}

// ------------------------------------------------------------------------------------------- the run
async function main() {
  if (!existsSync(PORTAL)) throw new Error(`no portal at ${PORTAL} (make build)`);
  const s3 = await startS3('media');
  const started = [];
  try {
    const figures = { subscribers: SUBSCRIBERS, articlesAsked: ARTICLES, instances: INSTANCES, cores: cpus().length, replica: Boolean(replica) };
    Object.assign(figures, await grow(s3));
    for (let i = 0; i < INSTANCES; i++) started.push(await startPortal(s3, ['--scheduler-interval', '0']));
    // As a load balancer would: no traffic before /readyz says ready (each instance builds its tenants' search
    // indexes first: minutes at a million articles).
    const startedAt = Date.now();
    for (const s of started)
      while ((await fetch(`${s.base}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 1000));
    figures.readySeconds = seconds(startedAt);
    log(`every instance ready after ${figures.readySeconds} s (its search indexes built)`);
    const ids = articleIds();
    const tokens = await signIn(started);
    log(`${started.length} instances, ${tokens.length} customers signed in, ${ids.length} tracks to pick from; warming up`);
    await mix(started, ids, tokens, Math.min(10, DURATION));  // a warm-up, not counted
    const cpu0 = started.map((s) => procStat(s.pid));
    const q0 = bouncerStats(), r0 = rowsRead(direct), rr0 = replica ? rowsRead(replica) : 0;
    const rss = started.map(() => 0), lag = { bytes: 0, ms: 0 };
    const sampler = setInterval(() => {
      started.forEach((s, i) => { rss[i] = Math.max(rss[i], rssMb(s.pid)); });
      if (replica) { const l = replicaLag(); lag.bytes = Math.max(lag.bytes, l.bytes); lag.ms = Math.max(lag.ms, l.ms); }
    }, 1000);
    const t0 = Date.now();
    const by = await mix(started, ids, tokens);
    const wall = seconds(t0);
    clearInterval(sampler);
    const cpu = started.map((s, i) => procStat(s.pid) - cpu0[i]);
    const q1 = bouncerStats(), r1 = rowsRead(direct), rr1 = replica ? rowsRead(replica) : 0;
    const requests = Object.values(by).reduce((s, k) => s + k.requests, 0);
    figures.mix = {};
    for (const [name, k] of Object.entries(by)) {
      const sorted = k.ms.sort((a, b) => a - b);
      figures.mix[name] = { operations: sorted.length, requests: k.requests, errors: k.errors, p50: Math.round(percentile(sorted, 0.5)), p99: Math.round(percentile(sorted, 0.99)), statuses: k.statuses };
    }
    figures.requests = requests;
    figures.rps = Math.round(requests / wall);
    figures.rpsPerInstance = Math.round(requests / wall / INSTANCES);
    figures.rpsPerCoreSecond = Math.round(requests / cpu.reduce((a, b) => a + b, 0));
    figures.queriesPerRequest = q0 && q1 ? +((q1.queries - q0.queries) / requests).toFixed(2) : null;
    figures.rowsPerRequest = { primary: +((r1 - r0) / requests).toFixed(1), replica: replica ? +((rr1 - rr0) / requests).toFixed(1) : null };
    figures.rssMb = rss.map(Math.round);
    figures.replicaLag = replica ? lag : null;
    for (const s of started.splice(0)) await s.stop();
    figures.renewals = await renewals(s3);
    print(figures);
    if (process.env.JSON) writeFileSync(process.env.JSON, JSON.stringify(figures, null, 2));
  } finally {
    for (const s of started) await s.stop().catch(() => {});
    await s3.stop();
    rmSync(join(CACHE, `run-${process.pid}`), { recursive: true, force: true });
  }
}

function print(f) {
  const out = [];
  out.push(`scale: ${f.subscribers} customers, ${f.import.articles} articles; ${f.instances} instances on ${f.cores} cores; ` +
    `PgBouncer (transaction)${f.replica ? ' and a streaming replica' : ', no replica'}; S3 test store`);
  out.push(`  import      ${f.import.articles} articles in ${f.import.seconds} s (${Math.round(f.import.articles / f.import.seconds)}/s)`);
  out.push(`  generate    ${f.generate.customers} customers x ${f.generate.days} days in ${f.generate.seconds} s (${Math.round(f.generate.customers / f.generate.seconds)} customers/s)`);
  out.push(`  database    ${f.databaseMb} MB`);
  out.push('  kind        ops     requests  errors  p50 ms  p99 ms  other than 2xx');
  for (const [name, k] of Object.entries(f.mix))
    out.push(`  ${name.padEnd(10)}  ${String(k.operations).padStart(6)}  ${String(k.requests).padStart(8)}  ${String(k.errors).padStart(6)}  ${String(k.p50).padStart(6)}  ${String(k.p99).padStart(6)}  ${Object.entries(k.statuses).map(([c, n]) => `${c}: ${n}`).join(', ')}`);
  out.push(`  throughput  ${f.rps} req/s in all, ${f.rpsPerInstance} per instance, ${f.rpsPerCoreSecond} per core-second of the portals' CPU`);
  out.push(`  database    ${f.queriesPerRequest ?? '?'} queries per request (PgBouncer's count); rows read per request: ${f.rowsPerRequest.primary} on the primary` +
    (f.replica ? `, ${f.rowsPerRequest.replica} on the replica` : ''));
  out.push(`  rss         ${f.rssMb.map((m) => `${m} MB`).join(', ')} (peak per instance under the mix)`);
  if (f.replicaLag) out.push(`  replica     lag at most ${f.replicaLag.bytes} bytes of WAL, ${Math.round(f.replicaLag.ms)} ms`);
  out.push(`  renewals    ${f.renewals.renewed ?? 0} of ${f.renewals.due} due in ${f.renewals.seconds ?? 0} s: ${f.renewals.perHour ?? 0} per hour on one primary`);
  console.log(out.join('\n'));
}

await main();
