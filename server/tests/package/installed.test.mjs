// The Debian packages (issue 49, scripts/package, docs/operations.md "Installing"). Unpacked into a root of their
// own and started from a folder outside any checkout with the packaged configuration and the unit's command line,
// they serve from their installed paths: the storefront's home in English and Arabic, a staff sign-in with TOTP, a
// subscription paid in the sandbox checkout. Issue 71: the package `portal` holds no demo data (the package
// portal-demo does, for the dev stage only) and no source map (a tarball of its own); its prod configuration refuses
// --seed demo; its unit carries the hardening docs/operations.md scores. Installed with dpkg on a machine the run
// owns (root, and PORTAL_TEST_DPKG=1: CI's fresh machine), it makes its user, its state folder and its secret
// (0600 root:root, read by systemd), serves as that user, and removing it keeps /var/lib/portal; purging it keeps
// the key that opens that data beside it, and a new install takes the key back.
// PORTAL_DEB, PORTAL_DEMO_DEB and PORTAL_SOURCEMAPS name scripts/package's three outputs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAll, seedDemo, serve, smoke } from './smoke.mjs';

const DEB = process.env.PORTAL_DEB;
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
  const outside = demo.filter((p) => p && !p.endsWith('/') && !p.startsWith('usr/share/portal/data/'));
  assert.deepEqual(outside, [], 'only the demo data');
  const field = (deb, name) => execFileSync('dpkg-deb', ['-f', deb, name], { encoding: 'utf8' }).trim();
  assert.equal(field(DEMO_DEB, 'Depends'), `portal (= ${field(DEB, 'Version')})`);
  assert.match(field(DEMO_DEB, 'Description'), /NOT FOR PRODUCTION/);
  assert.match(field(DEMO_DEB, 'Description'), /--stage dev --seed demo/);

  if (MAPS) {  // scripts/package makes it; the client build writes maps (web/vite.config.ts, sourcemap 'hidden')
    const maps = execFileSync('tar', ['-tzf', MAPS], { encoding: 'utf8' }).split('\n').filter(Boolean);
    assert.ok(maps.some((p) => /^\.\/assets\/index-[\w-]+\.js\.map$/.test(p)), 'the storefront entry\'s map in the tarball');
    assert.ok(maps.some((p) => /^\.\/admin\/assets\/.+\.js\.map$/.test(p)), 'the console\'s maps in the tarball');
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
  writeFileSync(join(dir, 'portal.json'), JSON.stringify({ ...config, database: join(state, 'portal.db'), mediaRoot: join(state, 'media') }));
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
  await smoke(server, (words) => execFileSync(join(root, binary), [...words, '--config', join(dir, 'portal.json'), '--log-level', 'warn'], { cwd: state, env, encoding: 'utf8' }));
  assert.ok(existsSync(join(state, 'portal.db')), 'the database is in the configured state folder');
  assert.deepEqual(await server.stop(), { code: 0, signal: null });
});

const dpkg = process.getuid?.() === 0 && process.env.PORTAL_TEST_DPKG === '1';
test('installed with dpkg: its user, state folder and secret; it serves as that user; a purge keeps the data with its key', { skip: !dpkg && 'root and PORTAL_TEST_DPKG=1 only (a machine the run owns)' }, async () => {
  // From nothing: an earlier run's install and state go first (this machine is the run's own).
  spawnSync('dpkg', ['--purge', 'portal-demo', 'portal'], { stdio: 'ignore' });
  rmSync('/var/lib/portal', { recursive: true, force: true });
  execFileSync('dpkg', ['-i', DEB], { stdio: 'pipe' });
  assert.match(execFileSync('getent', ['passwd', 'portal'], { encoding: 'utf8' }), /^portal:/);
  const envFile = readFileSync('/etc/portal/portal.env', 'utf8');
  const key = envFile.match(/^PORTAL_STAFF_SECRET_KEY=(\S{32,})$/m);
  assert.ok(key, 'a staff secret key made at install');
  const owner = (path) => execFileSync('stat', ['-c', '%U:%G %a', path], { encoding: 'utf8' }).trim();
  // systemd reads the unit's EnvironmentFile as root: the service's user has no access to it.
  assert.equal(owner('/etc/portal/portal.env'), 'root:root 600');
  assert.equal(owner('/etc/portal/portal.json'), 'root:portal 640');
  assert.equal(owner('/var/lib/portal'), 'portal:portal 750');
  assert.ok(!existsSync('/usr/share/portal/data/users/demo.json'), 'no demo without portal-demo');
  // An upgrade from a version that made it 0640 root:portal tightens it (postinst runs again on a reinstall).
  execFileSync('chown', ['root:portal', '/etc/portal/portal.env']);
  execFileSync('chmod', ['0640', '/etc/portal/portal.env']);
  execFileSync('dpkg', ['-i', DEB], { stdio: 'pipe' });
  assert.equal(owner('/etc/portal/portal.env'), 'root:root 600', 'tightened on upgrade');
  assert.equal(readFileSync('/etc/portal/portal.env', 'utf8'), envFile, 'and kept as it was');

  // The demo package, seeded by the dev stage as the portal user (the docs' command: root reads portal.env, the
  // portal runs as its user), then the prod stage as installed.
  execFileSync('dpkg', ['-i', DEMO_DEB], { stdio: 'pipe' });
  assert.ok(existsSync('/usr/share/portal/data/users/demo.json'));
  const unit = readFileSync('/lib/systemd/system/portal.service', 'utf8');
  const portFile = '/var/lib/portal/port';
  rmSync(portFile, { force: true });
  const asPortal = ['--reuid=portal', '--regid=portal', '--init-groups', '--'];
  const env = { PATH: process.env.PATH, PORTAL_STAFF_SECRET_KEY: key[1] };
  const local = ['--port', '0', '--address', '127.0.0.1', '--port-file', portFile];
  await seedDemo('setpriv', [...asPortal, ...execStart(unit), ...local], { cwd: '/var/lib/portal', env, portFile });
  const server = await serve('setpriv', [...asPortal, ...execStart(unit), ...local], { cwd: '/var/lib/portal', env, portFile });
  assert.equal((await fetch(`${server.base}/readyz`)).status, 200);
  await smoke(server, (words) => execFileSync('setpriv', [...asPortal, '/usr/bin/portal', ...words, '--config', '/etc/portal/portal.json', '--log-level', 'warn'],
    { cwd: '/var/lib/portal', env, encoding: 'utf8' }));
  assert.deepEqual(await server.stop(), { code: 0, signal: null });
  assert.equal(execFileSync('stat', ['-c', '%U', '/var/lib/portal/portal.db'], { encoding: 'utf8' }).trim(), 'portal');

  execFileSync('dpkg', ['-r', 'portal-demo', 'portal'], { stdio: 'pipe' });
  assert.ok(!existsSync('/usr/bin/portal'), 'the binary is removed');
  assert.ok(!existsSync('/usr/share/portal/data/users/demo.json'), 'the demo is removed');
  assert.ok(existsSync('/var/lib/portal/portal.db'), 'the database is kept');
  assert.ok(existsSync('/etc/portal/portal.json') && existsSync('/etc/portal/portal.env'), 'the configuration is kept until a purge');
  const purge = spawnSync('dpkg', ['--purge', 'portal-demo', 'portal'], { encoding: 'utf8' });
  assert.equal(purge.status, 0, purge.stderr);
  assert.ok(!existsSync('/etc/portal/portal.json') && !existsSync('/etc/portal/portal.env'), 'a purge removes the configuration');
  assert.ok(existsSync('/var/lib/portal/portal.db'), 'a purge keeps the data');
  // ... and the only key that opens the data's sealed TOTP and payment secrets, beside it, readable by root only.
  assert.equal(readFileSync('/var/lib/portal/portal.env.kept', 'utf8'), envFile, 'the key is kept with the data');
  assert.equal(owner('/var/lib/portal/portal.env.kept'), 'root:root 600');
  assert.match(purge.stderr, /kept, with the key that opens its sealed secrets/);
  // A new install on the kept data takes the key back: the staff's TOTP secrets open again.
  execFileSync('dpkg', ['-i', DEB], { stdio: 'pipe' });
  assert.equal(readFileSync('/etc/portal/portal.env', 'utf8'), envFile, 'the kept key is the installed one again');
  assert.equal(owner('/etc/portal/portal.env'), 'root:root 600');
  assert.ok(!existsSync('/var/lib/portal/portal.env.kept'));
  execFileSync('dpkg', ['--purge', 'portal'], { stdio: 'pipe' });
  rmSync('/var/lib/portal', { recursive: true, force: true });
});
