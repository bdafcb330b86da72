// The Debian packages (issue 49, scripts/package, docs/operations.md "Installing"). Unpacked into a root of their
// own and started from a folder outside any checkout with the packaged configuration and the unit's command line,
// they serve from their installed paths: the storefront's home in English and Arabic, a staff sign-in with TOTP, a
// subscription paid in the sandbox checkout. Issue 71: the package `portal` holds no demo data (the package
// portal-demo does, for the dev stage only) and no source map (a tarball of its own); its prod configuration refuses
// --seed demo; its unit carries the hardening docs/operations.md scores. Issue 74: the package's version is the
// binary's (`portal --version`), the binary is stripped with its debug information in portal-dbgsym, the package
// carries a copyright file, a changelog and portal(8), lintian finds no error, and the packaged configuration serves
// /metrics on loopback only.
// Installed with dpkg on a machine the run owns (root, and PORTAL_TEST_DPKG=1: CI's fresh machine): it makes its
// user, its state folder and its secret (0600 root:root, read by systemd), starts with no tenant (ready), serves as
// that user; and the sequence of issue 74's "Done when": the previous version's package installed, the first tenant
// created and its owner enrolled, an upgrade to this one with the forgotten PORTAL_ARGS=--seed demo that never
// touches that tenant, a purge that keeps the data with its key, a reinstall that takes the key back and starts;
// a lost key is refused rather than replaced; the service's enable links follow the administrator's choice.
// PORTAL_DEB, PORTAL_DBGSYM_DEB, PORTAL_DEMO_DEB and PORTAL_SOURCEMAPS name scripts/package's outputs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { enrolOwner, killAll, ownerSignsIn, readyStatus, seedDemo, serve, smoke } from './smoke.mjs';

const DEB = process.env.PORTAL_DEB;
const DBGSYM_DEB = process.env.PORTAL_DBGSYM_DEB;
const DEMO_DEB = process.env.PORTAL_DEMO_DEB;
const MAPS = process.env.PORTAL_SOURCEMAPS;
const SECRET = 'package-test-staff-secret-key-0123456789abcdef';
// What --seed demo reads from the data folder: none of it in the package `portal`.
const DEMO_DATA = ['tenants', 'users/demo.json', 'subscriptions', 'catalog/demo-catalog.json', 'structures', 'info-services',
  'tournaments', 'media', 'games'];
let dir;

before(() => {
  assert.ok(DEB && existsSync(DEB), `PORTAL_DEB names the package built by scripts/package (${DEB})`);
  assert.ok(DEMO_DEB && existsSync(DEMO_DEB), `PORTAL_DEMO_DEB names the demo's package built by scripts/package (${DEMO_DEB})`);
  assert.ok(DBGSYM_DEB && existsSync(DBGSYM_DEB), `PORTAL_DBGSYM_DEB names the debug package built by scripts/package (${DBGSYM_DEB})`);
  dir = mkdtempSync(join(tmpdir(), 'portal-package-'));
});
after(async () => {
  killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// The unit's ExecStart, its words ($PORTAL_ARGS and the like dropped: the test adds its own).
function execStart(unit) {
  const line = unit.split('\n').find((l) => l.startsWith('ExecStart='));
  return line.slice('ExecStart='.length).split(/\s+/).filter((w) => w && !w.startsWith('$'));
}

const contents = (deb) => execFileSync('dpkg-deb', ['-c', deb], { encoding: 'utf8', maxBuffer: 64 << 20 })
  .split('\n').filter(Boolean).map((line) => line.split(/\s+/).slice(5).join(' ').replace(/^\.\//, ''));

const field = (deb, name) => execFileSync('dpkg-deb', ['-f', deb, name], { encoding: 'utf8' }).trim();

async function freePort() {
  const server = createServer();
  await new Promise((res) => server.listen(0, '127.0.0.1', res));
  const { port } = server.address();
  await new Promise((res) => server.close(res));
  return port;
}

function files(root, under) {
  const out = [];
  for (const entry of readdirSync(join(root, under), { withFileTypes: true, recursive: true }))
    if (entry.isFile()) out.push(join(entry.parentPath ?? entry.path, entry.name));
  return out;
}

test('the package holds no demo data and no source map; the demo is a package of its own, the maps a tarball', () => {
  const listed = contents(DEB);
  assert.deepEqual(listed.filter((p) => /\.map(\.(br|gz))?$/i.test(p)), [], 'no source map in the package');
  for (const part of DEMO_DATA)
    assert.ok(!listed.some((p) => p.startsWith(`usr/share/portal/data/${part}`)), `no demo ${part} in the package`);
  assert.ok(listed.includes('usr/share/portal/data/templates/structures/home.json'), 'the structure templates are');
  assert.ok(!listed.some((p) => p.endsWith('.mjs')), 'no build script of the demo catalog');

  const demo = contents(DEMO_DEB);
  for (const part of ['tenants/aurora.json', 'users/demo.json', 'subscriptions/aurora.json', 'catalog/demo-catalog.json'])
    assert.ok(demo.includes(`usr/share/portal/data/${part}`), `${part} in portal-demo`);
  const outside = demo.filter((p) => p && !p.endsWith('/') && !p.startsWith('usr/share/portal/data/') && !p.startsWith('usr/share/doc/portal-demo/'));
  assert.deepEqual(outside, [], 'only the demo data');
  assert.equal(field(DEMO_DEB, 'Depends'), `portal (= ${field(DEB, 'Version')})`);
  assert.match(field(DEMO_DEB, 'Description'), /NOT FOR PRODUCTION/);
  assert.match(field(DEMO_DEB, 'Description'), /--stage dev --seed demo/);

  if (MAPS) {  // scripts/package makes it; the client build writes maps (web/vite.config.ts, sourcemap 'hidden')
    const maps = execFileSync('tar', ['-tzf', MAPS], { encoding: 'utf8' }).split('\n').filter(Boolean);
    assert.ok(maps.some((p) => /^\.\/assets\/index-[\w-]+\.js\.map$/.test(p)), 'the storefront entry\'s map in the tarball');
    assert.ok(maps.some((p) => /^\.\/admin\/assets\/.+\.js\.map$/.test(p)), 'the console\'s maps in the tarball');
  }
});

test('one version, a stripped binary with its debug package, a copyright file, a changelog, portal(8), no lintian error (issue 74 items 2, 11)', () => {
  const root = join(dir, 'meta');
  execFileSync('dpkg-deb', ['-x', DEB, root]);
  // The package's version is the binary's, and the debug package's and the demo's are the same.
  const version = field(DEB, 'Version');
  assert.equal(execFileSync(join(root, 'usr/bin/portal'), ['--version'], { encoding: 'utf8' }).split('\n')[0], `portal ${version}`);
  assert.match(version, /^\d+\.\d+\.\d+(\+\d+\.g[0-9a-f]{12})?$/);
  assert.equal(field(DBGSYM_DEB, 'Version'), version);
  assert.equal(field(DEMO_DEB, 'Version'), version);
  // Stripped, with the debug information under its build id in portal-dbgsym (where gdb looks).
  const sections = execFileSync('readelf', ['-S', '-W', join(root, 'usr/bin/portal')], { encoding: 'utf8' });
  assert.doesNotMatch(sections, /\.debug_(info|line)/, 'no debug information in the binary');
  assert.match(sections, /\.gnu_debuglink/);
  const buildId = execFileSync('readelf', ['-n', join(root, 'usr/bin/portal')], { encoding: 'utf8' }).match(/Build ID: ([0-9a-f]+)/)[1];
  assert.equal(field(DBGSYM_DEB, 'Build-Ids'), buildId);
  assert.ok(contents(DBGSYM_DEB).includes(`usr/lib/debug/.build-id/${buildId.slice(0, 2)}/${buildId.slice(2)}.debug`));
  // The copyright file, the changelog (this version's entry on top, then the releases') and portal(8).
  for (const path of ['usr/share/doc/portal/copyright', 'usr/share/doc/portal/changelog.gz', 'usr/share/man/man8/portal.8.gz'])
    assert.ok(existsSync(join(root, path)), path);
  const changelog = execFileSync('zcat', [join(root, 'usr/share/doc/portal/changelog.gz')], { encoding: 'utf8' });
  assert.ok(changelog.startsWith(`portal (${version}) `), changelog.slice(0, 200));
  const manual = execFileSync('zcat', [join(root, 'usr/share/man/man8/portal.8.gz')], { encoding: 'utf8' });
  assert.match(manual, /^\.TH PORTAL "8"/m);
  assert.match(manual, /PORTAL_STAFF_SECRET_KEY/, 'the man page names the secrets, as --help does (item 12)');
  assert.match(manual, /metrics\\?-listen/);
  // The packaged configuration serves the metrics on loopback only (item 5).
  assert.equal(JSON.parse(readFileSync(join(root, 'etc/portal/portal.json'), 'utf8')).metricsListen, '127.0.0.1:9464');
  // lintian: no error (warnings and notes are listed for a person to read).
  if (spawnSync('lintian', ['--version']).status === 0) {
    const lint = spawnSync('lintian', ['--fail-on', 'error', '--suppress-tags', 'compressed-duplicate', DEB, DBGSYM_DEB, DEMO_DEB], { encoding: 'utf8' });
    assert.equal(lint.status, 0, `lintian:\n${lint.stdout}${lint.stderr}`);
    assert.doesNotMatch(lint.stdout, /^E: /m, lint.stdout);
  }
});

test('unpacked in a root of its own and started outside any checkout, it serves from its installed paths', async () => {
  const root = join(dir, 'root');
  execFileSync('dpkg-deb', ['-x', DEB, root]);
  for (const path of ['usr/bin/portal', 'usr/share/portal/web/index.html', 'usr/share/portal/migrations',
    'usr/share/portal/locales/ar', 'usr/share/portal/data/templates', 'etc/portal/portal.json',
    'lib/systemd/system/portal.service'])
    assert.ok(existsSync(join(root, path)), `${path} in the package`);
  // A script that names a map the package does not hold would send every browser with its tools open to a 404.
  for (const file of files(root, 'usr/share/portal/web').filter((f) => f.endsWith('.js')))
    assert.doesNotMatch(readFileSync(file, 'utf8'), /sourceMappingURL=/, `${file} names no source map`);
  const control = execFileSync('dpkg-deb', ['-f', DEB, 'Depends'], { encoding: 'utf8' });
  for (const dependency of ['ffmpeg', 'webp', 'libsqlite3', 'libpq5', 'libsodium']) assert.ok(control.includes(dependency), `Depends: ${control}`);
  const unit = readFileSync(join(root, 'lib/systemd/system/portal.service'), 'utf8');
  for (const setting of ['ProtectSystem=strict', 'ReadWritePaths=/var/lib/portal', 'NoNewPrivileges=true', 'Restart=on-failure', 'Type=notify', 'User=portal',
    'RestartPreventExitStatus=2', 'SystemCallFilter=@system-service', 'SystemCallErrorNumber=EPERM', 'ProtectProc=invisible', 'ProcSubset=pid',
    'RestrictNamespaces=yes', 'LockPersonality=yes', 'PrivateDevices=true', 'CapabilityBoundingSet=\n'])
    assert.ok(unit.includes(setting), setting);
  assert.match(unit, /^MemoryMax=\d+[KMGT]$/m);
  assert.match(unit, /^TasksMax=\d+$/m);
  assert.match(unit, /portal\.env \(made at install, mode 0600 root:root/, 'the unit says the mode postinst gives');
  // The score docs/operations.md records, where this systemd scores a unit file on its own (252 and later).
  const score = spawnSync('systemd-analyze', ['security', '--offline=yes', '--no-pager', join(root, 'lib/systemd/system/portal.service')], { encoding: 'utf8' });
  if (score.status === 0 || /Overall exposure/.test(score.stdout)) {
    const level = Number(score.stdout.match(/Overall exposure level for portal\.service: ([\d.]+)/)?.[1]);
    assert.ok(level <= 1.5, `systemd-analyze security: ${level} (docs/operations.md records 1.4)`);
  }

  // The packaged configuration with its state folder moved here (the package's is /var/lib/portal).
  const state = join(dir, 'state');
  const config = JSON.parse(readFileSync(join(root, 'etc/portal/portal.json'), 'utf8'));
  assert.equal(config.stage, 'prod');
  const metricsPort = await freePort();  // the package's 127.0.0.1:9464, moved: another run may hold it
  writeFileSync(join(dir, 'portal.json'), JSON.stringify({ ...config, database: join(state, 'portal.db'), mediaRoot: join(state, 'media'),
    metricsListen: `127.0.0.1:${metricsPort}` }));
  execFileSync('mkdir', ['-p', state]);
  const [binary, ...args] = execStart(unit);
  assert.equal(binary, '/usr/bin/portal');
  const configAt = args.indexOf('--config');
  args[configAt + 1] = join(dir, 'portal.json');
  const portFile = join(dir, 'port');
  const env = { PATH: process.env.PATH, PORTAL_STAFF_SECRET_KEY: SECRET };
  const local = ['--port', '0', '--address', '127.0.0.1', '--port-file', portFile];

  // The old recipe, PORTAL_ARGS=--seed demo on the packaged prod configuration: refused, with the way to the demo.
  const refused = spawnSync(join(root, binary), [...args, '--seed', 'demo', ...local], { cwd: state, env, encoding: 'utf8' });
  assert.equal(refused.status, 2, refused.stderr);
  assert.match(refused.stderr, /--seed demo is refused outside the dev stage \(stage 'prod'\).*--stage dev --seed demo/s);
  assert.ok(!existsSync(join(state, 'portal.db')), 'refused before the database');

  // The demo, from the package portal-demo beside it, seeded by the dev stage; then the prod stage serves.
  execFileSync('dpkg-deb', ['-x', DEMO_DEB, root]);
  await seedDemo(join(root, binary), [...args, ...local], { cwd: state, env, portFile });
  const server = await serve(join(root, binary), [...args, ...local], { cwd: state, env, portFile });
  assert.doesNotMatch(server.output(), /Demo staff|Demo accounts/, 'the prod stage prints no demo secret');
  assert.equal((await fetch(`${server.base}/metrics`)).status, 404, 'no metrics on the public listener');
  assert.match(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(), /^portal_build_info\{/m, 'on the metrics listener');
  await smoke(server, (words) => execFileSync(join(root, binary), [...words, '--config', join(dir, 'portal.json'), '--log-level', 'warn'], { cwd: state, env, encoding: 'utf8' }));
  assert.ok(existsSync(join(state, 'portal.db')), 'the database is in the configured state folder');
  assert.deepEqual(await server.stop(), { code: 0, signal: null });
});


// ---- Installed with dpkg (root on a machine of the run's own: CI) -------------------------------------------------
const dpkg = process.getuid?.() === 0 && process.env.PORTAL_TEST_DPKG === '1';
const skipDpkg = !dpkg && 'root and PORTAL_TEST_DPKG=1 only (a machine the run owns)';
const owner = (path) => execFileSync('stat', ['-c', '%U:%G %a', path], { encoding: 'utf8' }).trim();
const asPortal = ['--reuid=portal', '--regid=portal', '--init-groups', '--'];
const portFile = '/var/lib/portal/port';

// From nothing: an earlier run's install and state go first (this machine is the run's own).
function fromNothing() {
  spawnSync('dpkg', ['--purge', 'portal-demo', 'portal-dbgsym', 'portal'], { stdio: 'ignore' });
  rmSync('/var/lib/portal', { recursive: true, force: true });
}

// dpkg -i as an unattended upgrade runs it (an edited conffile kept without asking); answers stderr.
function install(deb) {
  const run = spawnSync('dpkg', ['--force-confdef', '--force-confold', '-i', deb], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  return run.stderr;
}

// /etc/portal/portal.env as systemd's EnvironmentFile reads it: KEY=VALUE, a value in double quotes unquoted.
function unitEnvironment() {
  const out = {};
  for (const line of readFileSync('/etc/portal/portal.env', 'utf8').split('\n')) {
    const m = line.match(/^([A-Z_][A-Z0-9_]*)=(.*)$/);
    if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return out;
}

// The unit's command line with portal.env's PORTAL_ARGS (split on spaces, as systemd splits $PORTAL_ARGS), as the
// unit runs it: the portal user, its UMask, in /var/lib/portal, with the file's variables; on a free loopback port.
function unitCommand() {
  const unit = readFileSync('/lib/systemd/system/portal.service', 'utf8');
  const vars = unitEnvironment();
  const args = (vars.PORTAL_ARGS ?? '').split(/\s+/).filter(Boolean);
  rmSync(portFile, { force: true });
  const umask = unit.match(/^UMask=(\d+)$/m)[1];
  return {
    command: 'sh',
    args: ['-c', `umask ${umask}; exec "$@"`, 'sh', 'setpriv', ...asPortal, ...execStart(unit), ...args, '--port', '0', '--address', '127.0.0.1', '--port-file', portFile],
    options: { cwd: '/var/lib/portal', env: { PATH: process.env.PATH, ...vars }, portFile },
  };
}
const startUnit = () => {
  const { command, args, options } = unitCommand();
  return serve(command, args, options);
};
// The installed command line on the service's configuration, as the docs' recipe runs it.
const cli = (words) => execFileSync('setpriv', [...asPortal, '/usr/bin/portal', ...words, '--config', '/etc/portal/portal.json', '--log-level', 'warn'],
  { cwd: '/var/lib/portal', env: { PATH: process.env.PATH, ...unitEnvironment() }, encoding: 'utf8' });
const sql = (query) => execFileSync('sqlite3', ['/var/lib/portal/portal.db', query], { encoding: 'utf8' }).trim();

// The previous release's package: this one's files with the previous version number and that release's maintainer
// scripts and configuration (server/tests/package/previous/README.md says why not its binary).
function previousPackage() {
  const fixture = join(import.meta.dirname, 'previous');
  const version = readFileSync(join(fixture, 'README.md'), 'utf8').match(/^version: (\S+)$/m)[1];
  const tree = join(dir, 'previous');
  rmSync(tree, { recursive: true, force: true });
  execFileSync('dpkg-deb', ['-R', DEB, tree]);
  const control = readFileSync(join(tree, 'DEBIAN/control'), 'utf8');
  assert.notEqual(field(DEB, 'Version'), version, 'this package is not the previous release');
  writeFileSync(join(tree, 'DEBIAN/control'), control.replace(/^Version: .*$/m, `Version: ${version}`));
  for (const script of ['postinst', 'prerm', 'postrm'])
    execFileSync('install', ['-m', '0755', join(fixture, script), join(tree, 'DEBIAN', script)]);
  execFileSync('install', ['-m', '0644', join(fixture, 'portal.json'), join(tree, 'etc/portal/portal.json')]);
  rmSync(join(tree, 'DEBIAN/md5sums'), { force: true });
  const out = join(dir, `portal_${version}_previous.deb`);
  execFileSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z1', '--build', tree, out], { stdio: 'pipe' });
  return { deb: out, version };
}

test('installed with dpkg: its user, state folder and secret; it starts with no tenant, ready; it serves as that user', { skip: skipDpkg }, async () => {
  fromNothing();
  install(DEB);
  assert.match(execFileSync('getent', ['passwd', 'portal'], { encoding: 'utf8' }), /^portal:/);
  const envFile = readFileSync('/etc/portal/portal.env', 'utf8');
  const key = envFile.match(/^PORTAL_STAFF_SECRET_KEY="(\S{32,})"$/m);
  assert.ok(key, 'a staff secret key made at install, its value quoted (item 8)');
  assert.match(envFile, /^PORTAL_ARGS=""$/m);
  // The docs' recipe for the command line: a shell reads the file as systemd does.
  assert.equal(execFileSync('sh', ['-c', 'set -a; . /etc/portal/portal.env; printf %s "$PORTAL_STAFF_SECRET_KEY"'], { encoding: 'utf8' }), key[1]);
  // systemd reads the unit's EnvironmentFile as root: the service's user has no access to it.
  assert.equal(owner('/etc/portal/portal.env'), 'root:root 600');
  assert.equal(owner('/etc/portal/portal.json'), 'root:portal 640');
  assert.equal(owner('/var/lib/portal'), 'portal:portal 750');
  assert.ok(!existsSync('/usr/share/portal/data/users/demo.json'), 'no demo without portal-demo');
  // An upgrade from a version that made it 0640 root:portal tightens it (postinst runs again on a reinstall).
  execFileSync('chown', ['root:portal', '/etc/portal/portal.env']);
  execFileSync('chmod', ['0640', '/etc/portal/portal.env']);
  install(DEB);
  assert.equal(owner('/etc/portal/portal.env'), 'root:root 600', 'tightened on upgrade');
  assert.equal(readFileSync('/etc/portal/portal.env', 'utf8'), envFile, 'and kept as it was');

  // The first start, with no tenant (issue 74 item 1): ready, not failing; its pages say how to make one.
  const empty = await startUnit();
  const ready = await fetch(`${empty.base}/readyz`);
  assert.equal(ready.status, 200);
  assert.equal((await ready.json()).tenants, 0);
  const page = await fetch(`${empty.base}/`);
  assert.equal(page.status, 503);
  assert.match(await page.text(), /portal tenant create NAME --host HOST/);
  assert.deepEqual(await empty.stop(), { code: 0, signal: null });
  for (const line of empty.output().split('\n').filter(Boolean))
    assert.doesNotThrow(() => JSON.parse(line), `JSON lines only outside the dev stage (item 9): ${line}`);

  // The demo package, seeded by the dev stage as the portal user (the docs' command: root reads portal.env, the
  // portal runs as its user), then the prod stage as installed.
  install(DEMO_DEB);
  assert.ok(existsSync('/usr/share/portal/data/users/demo.json'));
  const { command, args, options } = unitCommand();
  await seedDemo(command, args, options);
  const server = await startUnit();
  assert.equal(await readyStatus(server.base), 200);
  await smoke(server, cli);
  assert.deepEqual(await server.stop(), { code: 0, signal: null });
  assert.equal(owner('/var/lib/portal/portal.db').split(' ')[0], 'portal:portal');
  // The unit's UMask (0027): the database is the service's and its group's only.
  assert.equal(owner('/var/lib/portal/portal.db'), 'portal:portal 640');

  execFileSync('dpkg', ['-r', 'portal-demo', 'portal'], { stdio: 'pipe' });
  assert.ok(!existsSync('/usr/bin/portal'), 'the binary is removed');
  assert.ok(!existsSync('/usr/share/portal/data/users/demo.json'), 'the demo is removed');
  assert.ok(existsSync('/var/lib/portal/portal.db'), 'the database is kept');
  assert.ok(existsSync('/etc/portal/portal.json') && existsSync('/etc/portal/portal.env'), 'the configuration is kept until a purge');
  fromNothing();
});

test('Done when (issue 74): the previous version, the first tenant, an upgrade with PORTAL_ARGS=--seed demo that leaves it alone, a purge and a reinstall that starts', { skip: skipDpkg }, async () => {
  fromNothing();
  const previous = previousPackage();
  install(previous.deb);
  assert.equal(field(DEB, 'Version') === previous.version, false);
  // The previous release's portal.env: an unquoted PORTAL_ARGS, the key.
  const key = readFileSync('/etc/portal/portal.env', 'utf8').match(/^PORTAL_STAFF_SECRET_KEY=(\S{32,})$/m)?.[1];
  assert.ok(key, 'the previous release made a key');

  // The first tenant and its owner, as the docs say, beside a service that runs with no tenant.
  const first = await startUnit();
  assert.equal((await fetch(`${first.base}/readyz`)).status, 200, 'ready with no tenant');
  assert.match(cli(['tenant', 'create', 'acme', '--host', 'acme.localhost', '--public-origin', 'https://acme.example']), /created tenant acme/);
  let served = false;
  for (let i = 0; i < 100 && !served; i++) {
    served = (await fetch(`${first.base}/en`, { headers: { Host: 'acme.localhost' } })).status === 200;
    if (!served) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(served, 'the running service serves the new tenant without a restart');
  const acmeOwner = await enrolOwner(first, cli, 'acme', 'boss@acme.example');
  assert.deepEqual(await first.stop(), { code: 0, signal: null });
  const acmeRows = () => sql("SELECT (SELECT count(*) FROM catalog_articles WHERE tenant_id = t.id) || ' ' || " +
    "(SELECT count(*) FROM users WHERE tenant_id = t.id) || ' ' || (SELECT count(*) FROM staff_accounts WHERE tenant_id = t.id) || ' ' || " +
    "(SELECT count(*) FROM subscription_types WHERE tenant_id = t.id) || ' ' || t.config_version FROM tenants t WHERE t.name = 'acme'");
  const acmeBefore = acmeRows();
  assert.match(acmeBefore, /^0 0 1 0 \d+$/, 'no article, no customer, its owner, no plan');

  // The operator edits the conffile; the old docs' PORTAL_ARGS=--seed demo is forgotten in portal.env.
  const config = JSON.parse(readFileSync('/etc/portal/portal.json', 'utf8'));
  writeFileSync('/etc/portal/portal.json', JSON.stringify({ ...config, logLevel: 'warn' }, null, 2));
  writeFileSync('/etc/portal/portal.env', readFileSync('/etc/portal/portal.env', 'utf8').replace(/^PORTAL_ARGS=.*$/m, 'PORTAL_ARGS=--seed demo'));

  // The upgrade: the new postinst quotes the value (item 8) and warns of --seed demo; the edited conffile stays.
  const upgraded = install(DEB);
  assert.match(upgraded, /--seed demo, which the prod stage refuses/);
  assert.match(readFileSync('/etc/portal/portal.env', 'utf8'), /^PORTAL_ARGS="--seed demo"$/m);
  assert.equal(JSON.parse(readFileSync('/etc/portal/portal.json', 'utf8')).logLevel, 'warn', 'the edited conffile is kept');
  assert.match(execFileSync('/usr/bin/portal', ['--version'], { encoding: 'utf8' }), new RegExp(`^portal ${field(DEB, 'Version').replace(/[+.]/g, '\\$&')}\n`));
  // The restart after the upgrade, with --seed demo: refused before the database is opened; acme untouched.
  const { command, args, options } = unitCommand();
  const refused = spawnSync(command, args, { ...options, encoding: 'utf8' });
  assert.equal(refused.status, 2, `${refused.stdout}${refused.stderr}`);
  assert.match(refused.stderr, /--seed demo is refused outside the dev stage/);
  assert.equal(acmeRows(), acmeBefore, 'the operator\'s tenant is as it was: no demo catalog, accounts, staff or plans');
  assert.equal(sql('SELECT count(*) FROM tenants'), '1', 'and no demo tenant beside it');

  // The operator removes it; the service starts on the upgraded database and the owner signs in (the key opens it).
  writeFileSync('/etc/portal/portal.env', readFileSync('/etc/portal/portal.env', 'utf8').replace(/^PORTAL_ARGS=.*$/m, 'PORTAL_ARGS=""'));
  const after = await startUnit();
  assert.equal((await (await fetch(`${after.base}/readyz`)).json()).tenants, 1);
  assert.ok(await ownerSignsIn(after, acmeOwner), 'the owner signs in after the upgrade');
  assert.deepEqual(await after.stop(), { code: 0, signal: null });

  // Purge: the data stays, and with it the only key that opens its sealed secrets, readable by root only (item 4).
  const envFile = readFileSync('/etc/portal/portal.env', 'utf8');
  const purge = spawnSync('dpkg', ['--purge', 'portal'], { encoding: 'utf8' });
  assert.equal(purge.status, 0, purge.stderr);
  assert.ok(!existsSync('/etc/portal/portal.json') && !existsSync('/etc/portal/portal.env'), 'a purge removes the configuration');
  assert.ok(existsSync('/var/lib/portal/portal.db'), 'a purge keeps the data');
  assert.equal(readFileSync('/var/lib/portal/portal.env.kept', 'utf8'), envFile, 'the key is kept with the data');
  assert.equal(owner('/var/lib/portal/portal.env.kept'), 'root:root 600');
  assert.match(purge.stderr, /kept, with the key that opens its sealed secrets/);
  // A new install on the kept data takes the key back and starts: the owner's second factor opens again.
  install(DEB);
  assert.equal(readFileSync('/etc/portal/portal.env', 'utf8'), envFile, 'the kept key is the installed one again');
  assert.ok(!existsSync('/var/lib/portal/portal.env.kept'));
  const again = await startUnit();
  assert.equal((await (await fetch(`${again.base}/readyz`)).json()).tenants, 1);
  assert.ok(await ownerSignsIn(again, acmeOwner), 'the owner signs in after the reinstall');
  assert.deepEqual(await again.stop(), { code: 0, signal: null });

  // The key lost (the kept file removed): a new install makes no new key that would not open the data, and says
  // how to put the old one back.
  spawnSync('dpkg', ['--purge', 'portal'], { stdio: 'ignore' });
  rmSync('/var/lib/portal/portal.env.kept');
  const lost = install(DEB);
  assert.match(lost, /not the key that opens its sealed secrets.*No new key is made/s);
  assert.match(lost, /Put your backup of portal\.env back as \/etc\/portal\/portal\.env/);
  assert.ok(!existsSync('/etc/portal/portal.env'), 'no new key');
  fromNothing();
});

test('the service\'s enable link follows the administrator: made on install, not remade on upgrade once disabled, gone on purge (item 6)', { skip: skipDpkg }, () => {
  fromNothing();
  const link = '/etc/systemd/system/multi-user.target.wants/portal.service';
  const state = '/var/lib/systemd/deb-systemd-helper-enabled/portal.service.dsh-also';
  install(DEB);
  assert.ok(existsSync(link), 'enabled on the first install');
  for (const script of ['postinst', 'prerm', 'postrm']) {
    const text = readFileSync(`/var/lib/dpkg/info/portal.${script}`, 'utf8');
    assert.doesNotMatch(text.replace(/^\s*#.*$/gm, ''), /systemctl (?!--system daemon-reload)/, `${script}: systemctl only to reload`);
  }
  // The administrator disables it (what `systemctl disable portal` does to the links): an upgrade leaves it so.
  rmSync(link);
  install(DEB);
  assert.ok(!existsSync(link), 'an upgrade does not enable a service the administrator disabled');
  // Enabled again by the administrator, then purged: the link and deb-systemd-helper's state go.
  symlinkSync('/lib/systemd/system/portal.service', link);  // `systemctl enable portal`
  assert.ok(existsSync(link));
  execFileSync('dpkg', ['-r', 'portal'], { stdio: 'pipe' });
  assert.equal(spawnSync('dpkg', ['--purge', 'portal'], { stdio: 'pipe' }).status, 0);
  assert.ok(!existsSync(link), 'a purge removes the enable link');
  assert.ok(!existsSync(state), 'and deb-systemd-helper\'s state');
  fromNothing();
});
