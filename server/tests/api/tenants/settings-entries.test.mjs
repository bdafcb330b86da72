// The global settings' named entries of portal §3 that the server reads or checks (issue 47 item 16;
// docs/tenants.md "The other named settings"): a malformed entry is refused with its field and nothing is
// saved; seoTabNames names the tab in the page's first answer; loginMetaData heads the hosted sign-in page;
// googleAds opens the page's policy to Google's ad frames only while configured; an account picture must be
// one of avatarList; parentalControlMail words the reset mail.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, expectError, rawRequest, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { openForm } from '../identity/flow.mjs';
import { client, newUser, data } from '../subscriptions/support.mjs';

let server, owner;
before(async () => {
  server = await startPortal();
  owner = (await staffLogin(backend(server, 'aurora'), demoStaff(server.output())['owner@example.com aurora'])).token;
});
after(async () => {
  await server?.stop();
});

const aurora = (path, init) => backend(server, 'aurora')(path, init);
const settings = async () => (await (await aurora('/admin/settings', staffBearer(owner))).json()).data;
const put = (body) => aurora('/admin/settings', json(body, staffBearer(owner).headers, 'PUT'));
const page = (host, path) => rawRequest(server, { path, headers: { Host: host, 'Accept-Language': 'en' } });
const title = (html) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

test('a malformed entry is refused with its field, and nothing is saved', async () => {
  const before = await settings();
  const refused = async (entry, field) => {
    const e = await expectError(await put({ ...before, settings: { ...before.settings, ...entry } }), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, field, JSON.stringify(entry));
  };
  await refused({ sharedLinks: ['copy', 'fax'] }, 'settings.sharedLinks');
  await refused({ avatarList: ['/media/a.svg', 'javascript:alert(1)'] }, 'settings.avatarList[1]');
  await refused({ googleAds: { client: 'ca-pub-1' } }, 'settings.googleAds.client');
  await refused({ parentalControlMail: { body: { de: 'Ihr Code' } } }, 'settings.parentalControlMail.body.de');
  await refused({ customPlan: { enabled: true, title: { en: 'Teams' }, href: '//evil.example' } }, 'settings.customPlan.href');
  await refused({ seoTabNames: { home: { en: 'x'.repeat(71) } } }, 'settings.seoTabNames.home.en');
  await refused({ navigation: { links: [{ label: { de: 'Hilfe' }, href: 'data:text/html,x' }] } }, 'settings.navigation.links[0].href');
  await refused({ profileMenu: { items: ['profile', 'logout'] } }, 'settings.profileMenu.items');
  await refused({ mobileSettings: { cardsPerRow: 4 } }, 'settings.mobileSettings.cardsPerRow');
  await refused({ popups: { welcome: { enabled: true } } }, 'settings.popups.welcome.title');
  assert.equal((await settings()).version, before.version, 'nothing was written');
});

test('seoTabNames names the tab of its pages in the first answer, in the page language; other pages keep theirs', async () => {
  const home = await page('vela.localhost', '/en');
  assert.equal(home.status, 200);
  assert.equal(title(home.body), 'Vela Stream – films, music and games');
  assert.match(home.body, /<meta property="og:title" content="Vela Stream – films, music and games">/);
  assert.equal(title((await page('vela.localhost', '/ar')).body), 'فيلا ستريم – أفلام وموسيقى وألعاب');
  assert.equal(title((await page('vela.localhost', '/fr/subscription')).body), 'Vela-Abos und Preise', 'French falls back to vela\'s default language, German');
  assert.match(title((await page('vela.localhost', '/en/music/tracks')).body), /\| Vela Stream$/);
  assert.match(title((await page('localhost', '/')).body), /\| Aurora/, 'a tenant without them keeps the default');
});

test('loginMetaData heads the hosted sign-in page and the storefront sign-in page; other hosted pages keep theirs', async () => {
  const url = (kind, lang) => `${server.base}/backend/${kind}/aurora?lang=${lang}&redirectUrl=${encodeURIComponent('http://localhost:8080/')}`;
  const en = await openForm(url('login', 'en'));
  assert.equal(en.res.status, 200);
  assert.equal(title(en.html), 'Sign in to Aurora');
  assert.match(en.html, /<meta name="description" content="Sign in to your Aurora account to play, watch and listen\.">/);
  assert.equal(title((await openForm(url('login', 'de'))).html), 'Bei Aurora anmelden');
  assert.notEqual(title((await openForm(url('register', 'en'))).html), 'Sign in to Aurora');
  const shell = await page('localhost', '/user/login');
  assert.equal(title(shell.body), 'Sign in to Aurora');
});

test('googleAds opens the page policy to Google ad frames while configured, and only then', async () => {
  const policy = async () => (await page('localhost', '/')).headers['content-security-policy'];
  assert.match(await policy(), /frame-src 'self';/);
  const before = await settings();
  const res = await put({ ...before, settings: { ...before.settings, googleAds: { client: 'ca-pub-1234567890123456', slots: { home: '1234567' } } } });
  assert.equal(res.status, 200, await res.clone().text());
  let csp = await policy();
  for (let i = 0; i < 50 && !csp.includes('doubleclick'); i++) csp = await policy();
  assert.match(csp, /frame-src 'self' https:\/\/pagead2\.googlesyndication\.com[^;]*https:\/\/googleads\.g\.doubleclick\.net/);
  assert.match(csp, /script-src [^;]*https:\/\/pagead2\.googlesyndication\.com/);
  const now = await settings();
  const { googleAds, ...rest } = now.settings;
  assert.equal((await put({ ...now, settings: rest })).status, 200);
  csp = await policy();
  for (let i = 0; i < 50 && csp.includes('doubleclick'); i++) csp = await policy();
  assert.match(csp, /frame-src 'self';/);
});

test('an account picture is one of the tenant avatarList; anything else is refused on its field', async () => {
  const vela = client(server, 'vela');
  const { email, token } = await newUser(server, 'vela');
  const profile = (userInformation) => vela('/user/profile', { method: 'PUT', token, body: { name: 'Test', lastName: 'User', email, userInformation } });
  const saved = await data(await profile({ avatar: '/media/art/avatar-owl.svg', note: 'kept' }));
  assert.deepEqual(saved.userInformation, { avatar: '/media/art/avatar-owl.svg', note: 'kept' });
  const e = await expectError(await profile({ avatar: 'https://tracker.example/pixel.gif' }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'userInformation.avatar');
  const aurora = client(server, 'aurora');
  const other = await newUser(server, 'aurora');
  const onAurora = await aurora('/user/profile', { method: 'PUT', token: other.token, body: { name: 'Test', lastName: 'User', email: other.email, userInformation: { avatar: '/media/art/avatar-owl.svg' } } });
  assert.equal((await expectError(onAurora, 400, 'VALIDATION_ERROR')).data.field, 'userInformation.avatar', 'vela\'s pictures are not aurora\'s');
  assert.deepEqual((await data(await profile({}))).userInformation, {}, 'no picture is fine');
});

test('parentalControlMail words the reset mail in the language of the call, the portal its own elsewhere', async () => {
  const noor = client(server, 'noor');
  const { email, token } = await newUser(server, 'noor');
  await data(await noor('/parental-control', { method: 'PUT', token, body: { password: '1234', maxAgeGroup: 20, isActive: true } }));
  const send = (lang) => noor('/parental-control/sendEmail', { method: 'POST', token, body: { sendGridConfig: { subject: 'not this' } }, headers: { 'accept-language': lang } });
  const outbox = async () => {
    const res = await fetch(`${server.base}/backend/dev/outbox/noor`, { headers: { accept: 'application/json' } });
    const body = await res.json();
    return (Array.isArray(body) ? body : body.data).filter((m) => m.to === email && /\b\d{8}\b/.test(m.body));
  };
  await data(await send('ar'));
  const [arabic] = await outbox();
  assert.equal(arabic.subject, 'رمز إعادة تعيين الرقابة الأبوية في نور');
  assert.match(arabic.body, /^رمزك لإعادة تعيين كلمة مرور الرقابة الأبوية في نور: \d{8}/);
  await data(await send('en'));
  const english = (await outbox()).find((m) => m !== arabic && m.subject !== arabic.subject);
  assert.equal(english.subject, 'Your Noor parental control code');
});
