// What the package's and the container's tests share (installed.test.mjs, container.test.mjs): a portal started
// as installed, and the smoke walk a person would make first against it from outside.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend } from '../api/support/server.mjs';
import { freshCode, json, staffLogin } from '../api/staff/staff_flow.mjs';
import { GUEST, loginApi } from '../api/identity/flow.mjs';
import { CARDS, client, data, payAtCheckout, mySubscriptions, subscribeBody } from '../api/subscriptions/support.mjs';

const running = [];
export function killAll() {
  for (const p of running) if (p.exitCode === null) p.kill('SIGKILL');
}

// Starts a command that writes its port to `portFile`; answers {base, output, stop}.
export async function serve(command, args, { cwd, env, portFile }) {
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

// /readyz's status once the start's search indexes are built (503 "warming" until then, a moment with the demo).
export async function readyStatus(base) {
  for (let i = 0; ; i++) {
    const res = await fetch(`${base}/readyz`);
    const body = await res.json().catch(() => ({}));
    if (res.status !== 503 || body.status !== 'warming' || i >= 100) return res.status;
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The demo as an operator tries it (docs/operations.md "Trying the demo"): one start in the dev stage with --seed
// demo on the state, stopped once it serves; the prod stage refuses --seed demo (issue 71 item 5). The smoke walk
// then runs on that state in the prod stage, as installed. Answers the dev start's output.
export async function seedDemo(command, args, options) {
  const seeding = await serve(command, [...args, '--stage', 'dev', '--seed', 'demo'], options);
  assert.equal(await readyStatus(seeding.base), 200);
  assert.match(seeding.output(), /Demo staff/, 'the dev stage seeded the demo');
  assert.deepEqual(await seeding.stop(), { code: 0, signal: null }, seeding.output());
  rmSync(options.portFile, { force: true });  // the next start writes its own
  return seeding.output();
}

// The installed binary invites an owner of `tenant` on the service's configuration (`cli`); the link's page gives
// the authenticator's secret; the owner enrols with a TOTP code. Answers what signing in takes.
export async function enrolOwner(server, cli, tenant, email) {
  const invited = cli(['staff', 'invite', '--tenant', tenant, '--email', email, '--role', 'owner', '--base-url', server.base]);
  const token = invited.match(/invitation=([0-9a-f]{64})/)?.[1];
  assert.ok(token, invited);
  const admin = backend(server, tenant);
  const view = (await (await admin(`/admin/invitation?token=${token}`)).json()).data;
  const password = 'an owner password for the package test';
  const accepted = await admin('/admin/invitation/accept', json({ token, password, totp: await freshCode(view.totpSecret) }));
  assert.equal(accepted.status, 200, await accepted.clone().text());
  return { tenant, email, password, secret: view.totpSecret };
}

// The owner signs in with password and TOTP: the key of the service opens the sealed second factor. Answers the
// staff token (or nothing).
export async function ownerSignsIn(server, owner) {
  const staff = await staffLogin(backend(server, owner.tenant), { email: owner.email, secret: owner.secret }, owner.password);
  return staff.token;
}

// What a person sees and does first: the home page in two languages, a staff sign-in, a paid subscription.
// `cli(words)` runs the installed binary's command line on the same configuration and answers its output.
export async function smoke(server, cli) {
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
  // The prod stage prints no demo staff: the operator's way in, as docs/operations.md tells it.
  const owner = await enrolOwner(server, cli, 'aurora', 'ops@aurora.example');
  assert.ok(await ownerSignsIn(server, owner), 'the owner is signed in with password and TOTP');

  const aurora = client(server, 'aurora');
  // The demo's guest account holds no plan: it subscribes and pays with the sandbox's test card.
  const { access_token: guest } = await loginApi(backend(server, 'aurora'), GUEST);
  assert.ok(!(await mySubscriptions(aurora, guest)).some((s) => s.typeId === 201 && s.state === 'ACTIVE'));
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(201), token: guest }));
  // The checkout's address names the port the portal listens on (never the Host header's, issue 71 item 8); a
  // container published on another host port without a proxy or a publicOrigin is reached here by its path.
  const checkout = new URL(start.options[0].redirectionUrl);
  assert.equal(checkout.pathname.startsWith('/backend/checkout/'), true, checkout.href);
  const paid = await payAtCheckout(new URL(checkout.pathname + checkout.search, server.base).href, CARDS.success);
  assert.ok(paid.location, 'the checkout sends the buyer back');
  const subs = await mySubscriptions(aurora, guest);
  assert.ok(subs.some((s) => s.typeId === 201 && s.state === 'ACTIVE'), JSON.stringify(subs));
}
