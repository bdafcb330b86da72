// The Debian package (issue 49, scripts/package, docs/operations.md "Installing"). Unpacked into a root of its
// own and started from a folder outside any checkout with the packaged configuration and the unit's command
// line, it serves from its installed paths: the storefront's home in English and Arabic, a staff sign-in with
// TOTP, a subscription paid in the sandbox checkout. Installed with dpkg on a machine the run owns (root, and
// PORTAL_TEST_DPKG=1: CI's fresh machine), it makes its user, its state folder and its secret, serves as that
// user, and removing it (and purging it) keeps /var/lib/portal.
// PORTAL_DEB names the package (the stage builds it with scripts/package).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend } from '../api/support/server.mjs';
import { freshCode, json, staffLogin } from '../api/staff/staff_flow.mjs';
import { GUEST, loginApi } from '../api/identity/flow.mjs';
import { CARDS, client, data, payAtCheckout, mySubscriptions, subscribeBody } from '../api/subscriptions/support.mjs';

const DEB = process.env.PORTAL_DEB;
const SECRET = 'package-test-staff-secret-key-0123456789abcdef';
let dir;
const running = [];

before(() => {
  assert.ok(DEB && existsSync(DEB), `PORTAL_DEB names the package built by scripts/package (${DEB})`);
  dir = mkdtempSync(join(tmpdir(), 'portal-package-'));
});
after(async () => {
  for (const p of running) if (p.exitCode === null) p.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// The unit's ExecStart, its words ($PORTAL_ARGS and the like dropped: the test adds its own).
function execStart(unit) {
  const line = unit.split('\n').find((l) => l.startsWith('ExecStart='));
  return line.slice('ExecStart='.length).split(/\s+/).filter((w) => w && !w.startsWith('$'));
}

// Starts a command that writes its port to `portFile`; answers {base, output, stop}.
async function serve(command, args, { cwd, env, portFile }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((res) => child.on('exit', (code, signal) => res({ code, signal })));
  for (let i = 0; i < 2400 && !(existsSync(portFile) && readFileSync(portFile, 'utf8').trim()); i++) {
    if (child.exitCode !== null) assert.fail(`the portal exited early:\n${output}`);
    await sleep(50);
  }
  const port = readFileSync(portFile, 'utf8').trim();
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () => (child.kill('SIGTERM'), exited),
  };
}

// What a person sees and does first: the home page in two languages, a staff sign-in, a paid subscription.
async function smoke(server, cli) {
  // The default tenant's home (noor, for an address no tenant names) in English and in Arabic.
  for (const [path, lang, dirAttr] of [['/en', 'en', 'ltr'], ['/ar', 'ar', 'rtl']]) {
    const res = await fetch(`${server.base}${path}`);
    assert.equal(res.status, 200, `${path}: ${res.status}`);
    const html = await res.text();
    assert.match(html, new RegExp(`<html[^>]*lang="${lang}"`), `${path} is in ${lang}`);
    assert.match(html, new RegExp(`dir="${dirAttr}"`), `${path} runs ${dirAttr}`);
    const entry = html.match(/\/assets\/index-[\w-]+\.js/);  // the loader script names the client's entry
    assert.ok(entry, 'the page loads the client build');
    assert.equal((await fetch(`${server.base}${entry[0]}`)).status, 200, entry[0]);
  }
  // The prod stage prints no demo staff: the operator's way in, as docs/operations.md tells it. The installed
  // binary invites an owner on the same configuration; the link's page gives the authenticator's secret; the
  // owner enrols with a TOTP code, then signs in with password and code.
  const invited = cli(['staff', 'invite', '--tenant', 'aurora', '--email', 'ops@aurora.example', '--role', 'owner', '--base-url', server.base]);
  const token = invited.match(/invitation=([0-9a-f]{64})/)?.[1];
  assert.ok(token, invited);
  const admin = backend(server, 'aurora');
  const view = (await (await admin(`/admin/invitation?token=${token}`)).json()).data;
  const password = 'an owner password for the package test';
  const accepted = await admin('/admin/invitation/accept', json({ token, password, totp: await freshCode(view.totpSecret) }));
  assert.equal(accepted.status, 200, await accepted.clone().text());
  const staff = await staffLogin(admin, { email: 'ops@aurora.example', secret: view.totpSecret }, password);
  assert.ok(staff.token, 'the owner is signed in with password and TOTP');

  const aurora = client(server, 'aurora');
  // The demo's guest account holds no plan: it subscribes and pays with the sandbox's test card.
  const { access_token: guest } = await loginApi(backend(server, 'aurora'), GUEST);
  assert.ok(!(await mySubscriptions(aurora, guest)).some((s) => s.typeId === 201 && s.state === 'ACTIVE'));
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(201), token: guest }));
  const paid = await payAtCheckout(start.options[0].redirectionUrl, CARDS.success);
  assert.ok(paid.location, 'the checkout sends the buyer back');
  const subs = await mySubscriptions(aurora, guest);
  assert.ok(subs.some((s) => s.typeId === 201 && s.state === 'ACTIVE'), JSON.stringify(subs));
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
