// The sign-in by the operator's network (issue 75 item 4, portal spec §4 step 8; docs/decisions.md "Sign-in by the
// operator's network"): on noor, whose operator offers Number Verification, the storefront's sign-in by mobile
// number goes to the operator's authorization endpoint with prompt=none (PKCE, state, nonce), the operator answers
// from the phone's mobile connection, the portal exchanges the code and asks /device-phone-number, and the account of
// that number is found or created; a phone on Wi-Fi (login_required) proves its number with the operator's One Time
// Password SMS instead, with its attempt limit. A callback replayed signs nobody in. Without the operator's Number
// Verification the same address goes to the demo's operator page (dev stage). Every call to the operator is checked by
// Prism against CAMARA's published YAML.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend } from '../support/server.mjs';
import { data } from '../subscriptions/support.mjs';
import { json } from '../staff/staff_flow.mjs';
import { openForm, postForm, withoutCode, bearer } from '../identity/flow.mjs';
import { startCamaraPortal, freshNumber, assertContractKept } from './camara-support.mjs';

let ctx, storefront;
before(async () => {
  ctx = await startCamaraPortal();
  storefront = `http://noor.localhost:${ctx.server.port}/ar`;
});
after(async () => ctx?.stop());

const networkUrl = (lang = 'ar') =>
  `${ctx.server.base}/backend/login/noor/network?lang=${lang}&redirectUrl=${encodeURIComponent(storefront)}`;

// The storefront's code exchanged for a session: the profile it signs in.
async function profileOf(location) {
  const noor = backend(ctx.server, 'noor');
  const token = await noor('/security/token', json({ code: location.searchParams.get('code'), redirectUrl: withoutCode(location) }));
  assert.equal(token.status, 200);
  const { data: pair } = await token.json();
  return data(await noor('/user/profile', bearer(pair.access_token)));
}

// The browser's way to the operator and back: { authorize, callback } (the operator's redirect to the portal).
async function toOperator(msisdn) {
  const start = await fetch(networkUrl(), { redirect: 'manual' });
  assert.equal(start.status, 302);
  const authorize = new URL(start.headers.get('location'));
  const headers = msisdn ? { 'x-test-network-msisdn': `+${msisdn}` } : {};
  const answer = await fetch(authorize, { redirect: 'manual', headers });
  assert.equal(answer.status, 302);
  return { authorize, callback: new URL(answer.headers.get('location')) };
}

test('on the mobile network: prompt=none, the operator\'s number signs in, and the same number finds the same account', async () => {
  const msisdn = freshNumber();
  const { authorize, callback } = await toOperator(msisdn);
  assert.equal(authorize.origin, new URL(ctx.camara.apiRoot).origin);
  assert.equal(authorize.pathname, '/authorize');
  const q = authorize.searchParams;
  assert.deepEqual([q.get('response_type'), q.get('prompt'), q.get('client_id'), q.get('code_challenge_method')],
    ['code', 'none', ctx.operator.clientId, 'S256']);
  assert.equal(q.get('scope'), 'openid number-verification:device-phone-number:read');
  assert.equal(q.get('redirect_uri'), ctx.account.redirectUri, 'the redirect URI the console shows, registered at the operator');
  assert.ok(q.get('state') && q.get('nonce') && q.get('code_challenge'));
  assert.ok(callback.searchParams.get('code'));

  const back = await fetch(callback, { redirect: 'manual' });
  assert.equal(back.status, 302);
  const location = new URL(back.headers.get('location'));
  assert.equal(withoutCode(location), storefront);
  const user = await profileOf(location);
  assert.equal(user.msisdn, msisdn, 'the account of the operator\'s number');
  // The three-legged token was spent on /device-phone-number.
  assert.ok(ctx.camara.requests.some((r) => r.path === '/number-verification/v2/device-phone-number' && r.status === 200));

  // Replayed: the state is used, nobody is signed in.
  const replay = await fetch(callback, { redirect: 'manual' });
  assert.equal(replay.status, 400);
  assert.match(await replay.text(), /lang="ar"|dir="rtl"|انتهت/);

  const again = await toOperator(msisdn);
  const second = new URL((await fetch(again.callback, { redirect: 'manual' })).headers.get('location'));
  assert.equal((await profileOf(second)).uuid, user.uuid, 'found again, not created twice');
});

test('on Wi-Fi the operator cannot recognise the phone: its code by SMS, with its attempt limit, signs the number in', async () => {
  const msisdn = freshNumber();
  const { callback } = await toOperator(null);
  assert.equal(callback.searchParams.get('error'), 'login_required');
  const page = await openForm(callback);
  assert.equal(page.res.status, 200);
  assert.match(page.html, /dir="rtl"/, 'in the language the attempt began in');
  assert.match(page.html, /name="msisdn"/);
  const state = /name="state" value="([^"]+)"/.exec(page.html)[1];
  const action = new URL(`/backend/login/noor/network/code`, callback).toString();

  const bad = await postForm(action, page, { state, msisdn: '12' });
  assert.equal(bad.status, 400);
  const sent = await postForm(action, page, { state, msisdn: `+${msisdn}` });
  assert.equal(sent.status, 200);
  const codePage = await sent.text();
  assert.match(codePage, /name="code"/);
  const arabic = (digits) => digits.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
  assert.ok(codePage.includes(`\u2066+${arabic(msisdn)}\u2069`), 'the number the code went to, in the page\'s digits, left to right');
  const sms = ctx.camara.sms.at(-1);
  assert.equal(sms.to, `+${msisdn}`);
  assert.ok(!sms.text.includes('{{'), sms.text);

  const wrong = await postForm(action, page, { state, code: '000000' === sms.code ? '111111' : '000000' });
  assert.equal(wrong.status, 400);
  assert.match(await wrong.text(), /٢/, 'the tries left, in the page\'s digits');
  const right = await postForm(action, page, { state, code: sms.code });
  assert.equal(right.status, 302);
  const user = await profileOf(new URL(right.headers.get('location')));
  assert.equal(user.msisdn, msisdn);
  // The attempt is over: the code again signs nobody in.
  assert.equal((await postForm(action, page, { state, code: sms.code })).status, 400);
});

test('the operator\'s attempt limit spent: a new code is asked for', async () => {
  const msisdn = freshNumber();
  const { callback } = await toOperator(null);
  const page = await openForm(callback);
  const state = /name="state" value="([^"]+)"/.exec(page.html)[1];
  const action = new URL(`/backend/login/noor/network/code`, callback).toString();
  await postForm(action, page, { state, msisdn });
  for (let i = 0; i < 3; i++) await postForm(action, page, { state, code: 'nope' });
  const spent = await postForm(action, page, { state, code: ctx.camara.lastCode(`+${msisdn}`) });
  assert.equal(spent.status, 400);
  assert.match(await spent.text(), /name="msisdn"/, 'back to the number: a new code');
  await postForm(action, page, { state, msisdn });
  const ok = await postForm(action, page, { state, code: ctx.camara.lastCode(`+${msisdn}`) });
  assert.equal(ok.status, 302);
});

test('without the operator\'s Number Verification the same address goes to the demo\'s operator page', async () => {
  const current = await data(await ctx.admin('/payment-providers/camara'));
  await data(await ctx.admin('/payment-providers/camara', json({ ...ctx.settings, clientSecret: undefined, numberVerification: false, version: current.version }, {}, 'PUT')));
  try {
    const res = await fetch(networkUrl('en'), { redirect: 'manual' });
    assert.equal(res.status, 302);
    const to = new URL(res.headers.get('location'), ctx.server.base);
    assert.equal(to.pathname, '/backend/operator/noor');
    assert.equal(to.searchParams.get('signIn'), '1');
  } finally {
    const now = await data(await ctx.admin('/payment-providers/camara'));
    await data(await ctx.admin('/payment-providers/camara', json({ ...ctx.settings, clientSecret: undefined, numberVerification: true, version: now.version }, {}, 'PUT')));
  }
});

test('every call the portal made and every answer keep to CAMARA\'s published contract', async () => {
  assertContractKept(ctx.camara);
});
