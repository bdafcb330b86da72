// The Debian package (issue 49, scripts/package, docs/operations.md "Installing"). Unpacked into a root of its
// own and started from a folder outside any checkout with the packaged configuration and the unit's command
// line, it serves from its installed paths: the storefront's home in English and Arabic, a staff sign-in with
// TOTP, a subscription paid in the sandbox checkout. Installed with dpkg on a machine the run owns (root, and
// PORTAL_TEST_DPKG=1: CI's fresh machine), it makes its user, its state folder and its secret, serves as that
// user, and removing it (and purging it) keeps /var/lib/portal.
// PORTAL_DEB names the package (the stage builds it with scripts/package).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAll, serve, smoke } from './smoke.mjs';

const DEB = process.env.PORTAL_DEB;
const SECRET = 'package-test-staff-secret-key-0123456789abcdef';
let dir;

before(() => {
  assert.ok(DEB && existsSync(DEB), `PORTAL_DEB names the package built by scripts/package (${DEB})`);
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

test('unpacked in a root of its own and started outside any checkout, it serves from its installed paths', async () => {
  const root = join(dir, 'root');
  execFileSync('dpkg-deb', ['-x', DEB, root]);
  for (const path of ['usr/bin/portal', 'usr/share/portal/web/index.html', 'usr/share/portal/migrations',
    'usr/share/portal/locales/ar', 'usr/share/portal/data/tenants', 'etc/portal/portal.json',
    'lib/systemd/system/portal.service'])
    assert.ok(existsSync(join(root, path)), `${path} in the package`);
  const control = execFileSync('dpkg-deb', ['-f', DEB, 'Depends'], { encoding: 'utf8' });
  for (const dependency of ['ffmpeg', 'webp', 'libsqlite3', 'libpq5', 'libsodium']) assert.ok(control.includes(dependency), `Depends: ${control}`);
  const unit = readFileSync(join(root, 'lib/systemd/system/portal.service'), 'utf8');
  for (const setting of ['ProtectSystem=strict', 'ReadWritePaths=/var/lib/portal', 'NoNewPrivileges=true', 'Restart=on-failure', 'Type=notify', 'User=portal'])
    assert.ok(unit.includes(setting), setting);

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
  const server = await serve(join(root, binary), [...args, '--seed', 'demo', '--port', '0', '--address', '127.0.0.1', '--port-file', portFile],
    { cwd: state, env: { PATH: process.env.PATH, PORTAL_STAFF_SECRET_KEY: SECRET }, portFile });
  const env = { PATH: process.env.PATH, PORTAL_STAFF_SECRET_KEY: SECRET };
  await smoke(server, (words) => execFileSync(join(root, binary), [...words, '--config', join(dir, 'portal.json'), '--log-level', 'warn'], { cwd: state, env, encoding: 'utf8' }));
  assert.ok(existsSync(join(state, 'portal.db')), 'the database is in the configured state folder');
  assert.deepEqual(await server.stop(), { code: 0, signal: null });
});

const dpkg = process.getuid?.() === 0 && process.env.PORTAL_TEST_DPKG === '1';
test('installed with dpkg: its user, state folder and secret; it serves as that user; removing it keeps /var/lib/portal', { skip: !dpkg && 'root and PORTAL_TEST_DPKG=1 only (a machine the run owns)' }, async () => {
  // From nothing: an earlier run's install and state go first (this machine is the run's own).
  spawnSync('dpkg', ['--purge', 'portal'], { stdio: 'ignore' });
  rmSync('/var/lib/portal', { recursive: true, force: true });
  execFileSync('dpkg', ['-i', DEB], { stdio: 'pipe' });
  assert.match(execFileSync('getent', ['passwd', 'portal'], { encoding: 'utf8' }), /^portal:/);
  const env = readFileSync('/etc/portal/portal.env', 'utf8');
  const key = env.match(/^PORTAL_STAFF_SECRET_KEY=(\S{32,})$/m);
  assert.ok(key, 'a staff secret key made at install');
  assert.equal(statSync('/etc/portal/portal.env').mode & 0o777, 0o640);
  assert.equal(execFileSync('stat', ['-c', '%U %a', '/var/lib/portal'], { encoding: 'utf8' }).trim(), 'portal 750');

  const unit = readFileSync('/lib/systemd/system/portal.service', 'utf8');
  const portFile = '/var/lib/portal/port';
  rmSync(portFile, { force: true });
  const server = await serve('setpriv', ['--reuid=portal', '--regid=portal', '--init-groups', '--', ...execStart(unit), '--seed', 'demo', '--port', '0', '--address', '127.0.0.1', '--port-file', portFile],
    { cwd: '/var/lib/portal', env: { PATH: process.env.PATH, PORTAL_STAFF_SECRET_KEY: key[1] }, portFile });
  assert.equal((await fetch(`${server.base}/readyz`)).status, 200);
  await smoke(server, (words) => execFileSync('setpriv', ['--reuid=portal', '--regid=portal', '--init-groups', '--', '/usr/bin/portal', ...words, '--config', '/etc/portal/portal.json', '--log-level', 'warn'],
    { cwd: '/var/lib/portal', env: { PATH: process.env.PATH, PORTAL_STAFF_SECRET_KEY: key[1] }, encoding: 'utf8' }));
  assert.deepEqual(await server.stop(), { code: 0, signal: null });
  assert.equal(execFileSync('stat', ['-c', '%U', '/var/lib/portal/portal.db'], { encoding: 'utf8' }).trim(), 'portal');

  execFileSync('dpkg', ['-r', 'portal'], { stdio: 'pipe' });
  assert.ok(!existsSync('/usr/bin/portal'), 'the binary is removed');
  assert.ok(existsSync('/var/lib/portal/portal.db'), 'the database is kept');
  assert.ok(existsSync('/etc/portal/portal.json'), 'the configuration is kept until a purge');
  execFileSync('dpkg', ['--purge', 'portal'], { stdio: 'pipe' });
  assert.ok(!existsSync('/etc/portal/portal.json') && !existsSync('/etc/portal/portal.env'), 'a purge removes the configuration');
  assert.ok(existsSync('/var/lib/portal/portal.db'), 'a purge keeps the data');
  rmSync('/var/lib/portal', { recursive: true, force: true });
});
