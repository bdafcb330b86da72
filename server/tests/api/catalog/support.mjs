// Catalog test helpers: the fixture catalog, a media root with a few files,
// signing in, the `portal import-catalog` subcommand, and a portal started on
// a database prepared beforehand (tenant isolation).
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../support/server.mjs';

export const FIXTURE = join(import.meta.dirname, 'fixtures/catalog.json');
export const FIXTURES = join(import.meta.dirname, 'fixtures');
export const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');

// var/media stand-in: the files the fixture's media paths name.
export function makeMediaRoot() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-media-'));
  mkdirSync(join(dir, 'audio'), { recursive: true });
  writeFileSync(join(dir, 'audio/2101.mp3'), 'FULL-2101-'.repeat(100));
  writeFileSync(join(dir, 'audio/2101-preview.mp3'), 'PREVIEW-2101');
  writeFileSync(join(dir, 'audio/2103.mp3'), 'FULL-2103');
  mkdirSync(join(dir, 'hls/3101/720p'), { recursive: true });
  writeFileSync(join(dir, 'hls/3101/index.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n720p/index.m3u8\n');
  writeFileSync(join(dir, 'hls/3101/720p/index.m3u8'), '#EXTM3U\n#EXTINF:4.0,\nseg0.ts\n#EXT-X-ENDLIST\n');
  writeFileSync(join(dir, 'hls/3101/720p/seg0.ts'), 'SEGMENT-0');
  // A free game (4101) and a paid one (4102): pages loading a script by relative URL.
  for (const id of ['4101', '4102']) {
    mkdirSync(join(dir, `games/${id}/lib`), { recursive: true });
    writeFileSync(join(dir, `games/${id}/index.html`), `<script src="game.js"></script>GAME-${id}`);
    writeFileSync(join(dir, `games/${id}/game.js`), `/* SCRIPT-${id} */`);
    writeFileSync(join(dir, `games/${id}/lib/sprites.js`), `/* SPRITES-${id} */`);
  }
  return dir;
}

export function catalogArgs(mediaRoot, ttl = 3) {
  return ['--catalog-seed', FIXTURE, '--media-root', mediaRoot, '--media-url-ttl', String(ttl)];
}

export async function signIn(api) {
  const res = await api('/login/api', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'subscriber@example.com', password: 'portal-demo' }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.access_token;
}

// A database for one test file (SQLite file, or a fresh PostgreSQL database
// when PORTAL_TEST_PG_ADMIN is set, as in ../support/server.mjs).
export function freshDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-cat-'));
  const admin = process.env.PORTAL_TEST_PG_ADMIN;
  if (!admin) return { dir, url: join(dir, 'portal.db'), drop: () => rmSync(dir, { recursive: true, force: true }) };
  const name = `portal_cat_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  execFileSync('psql', [admin, '-q', '-c', `CREATE DATABASE ${name}`]);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    dir,
    url: url.toString(),
    drop() {
      try {
        execFileSync('psql', [admin, '-q', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
      } catch { /* cluster gone */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const common = () => [
  '--data-dir', join(ROOT, 'data'), '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'warn',
];

// Runs `portal import-catalog FILE --tenant NAME` (seeding the demo tenants first).
export function importCatalog(database, file, tenant) {
  const r = spawnSync(BINARY, ['import-catalog', file, '--tenant', tenant, '--database', database.url, '--seed', 'demo',
    ...common()], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// A portal on an existing database, without seeding.
export async function startOn(database, extraArgs = []) {
  const portFile = join(database.dir, `port-${Date.now()}`);
  const child = spawn(BINARY, ['--port', '0', '--address', '127.0.0.1', '--port-file', portFile,
    '--database', database.url, '--web-root', join(ROOT, 'web/dist'), '--locales-dir', join(ROOT, 'web/src/locales'),
    ...common(), ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((res) => child.on('exit', (code) => res(code)));
  const read = () => (existsSync(portFile) ? readFileSync(portFile, 'utf8').trim() : '');
  for (let i = 0; i < 300 && !read(); i++) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    await sleep(50);
  }
  if (!read()) {
    child.kill('SIGKILL');
    throw new Error(`portal did not start:\n${output}`);
  }
  return {
    base: `http://127.0.0.1:${read()}`,
    port: Number(read()),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
