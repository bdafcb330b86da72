// Mail delivery by SMTP (docs/security.md "Outgoing mail", docs/operations.md
// "Mail") against a real SMTP server started here (support/smtp_server.py,
// python3-aiosmtpd): a password reset mail arrives with RFC 5322 headers (Date,
// From, To, encoded Subject, Message-ID, MIME) and its link, after AUTH; a
// server that refuses connections or answers 451 gets the mail later, by the
// outbox's retries with backoff; STARTTLS with the relay's certificate checked.
// The dev outbox keeps listing every mail with its delivery state.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal } from '../support/server.mjs';
import { startSmtp, freePort, tlsCertificate } from '../support/smtp.mjs';
import { GUEST, hostedUrl, openForm, postForm } from './flow.mjs';
import { advance } from '../subscriptions/support.mjs';

const cleanup = [];
after(async () => {
  for (const stop of cleanup.reverse()) await stop();
});

async function portalWithSmtp(port, args = [], env = {}) {
  const server = await startPortal(['--smtp', `127.0.0.1:${port}`, '--mail-interval', '1',
    '--mail-from', 'Aurora Play <noreply@aurora.example>', '--dev-clock', ...args], { env });
  cleanup.push(() => server.stop());
  return server;
}

async function outbox(server, tenant = 'aurora') {
  const res = await fetch(`${server.base}/backend/dev/outbox/${tenant}`, { headers: { accept: 'application/json' } });
  assert.equal(res.status, 200);
  return (await res.json()).data;
}

// Polls the dev outbox (bounded) until the newest mail satisfies `ok`.
async function outboxUntil(server, ok, what) {
  let last;
  for (let i = 0; i < 300; i++) {
    [last] = await outbox(server);
    if (last && ok(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the outbox never showed ${what}: ${JSON.stringify(last)}`);
}

// The hosted "forgot" page, as a browser: the guest asks for a reset mail.
async function askReset(server, lang = 'en') {
  const url = hostedUrl(server, 'password/forgot', 'aurora', { lang, redirectUrl: `http://localhost:${server.port}/profile` });
  const sent = await postForm(url, await openForm(url), { email: GUEST });
  assert.equal(sent.status, 200);
}

const RFC5322_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} \+0000$/;

test('a reset mail reaches the SMTP server after AUTH, with RFC 5322 headers, an encoded subject and the link', async () => {
  const smtp = await startSmtp({ auth: 'portal:s3cret-pass' });
  cleanup.push(() => smtp.stop());
  const server = await portalWithSmtp(smtp.port, ['--smtp-user', 'portal'], { PORTAL_SMTP_PASSWORD: 's3cret-pass' });
  await askReset(server, 'ar');

  const [message] = await smtp.waitForMessages(1);
  const [row] = await outbox(server);  // the dev outbox still lists it
  assert.equal(row.to, GUEST);
  assert.match(row.subject, /[\u0600-\u06FF]/, 'an Arabic subject');

  assert.equal(message.login, 'portal');
  assert.equal(message.authenticated, true);
  assert.equal(message.mailFrom, 'noreply@aurora.example');
  assert.deepEqual(message.rcptTos, [GUEST]);
  const h = message.headers;
  assert.match(h.Date, RFC5322_DATE);
  assert.ok(!Number.isNaN(Date.parse(message.date)), 'the date parses');
  assert.equal(h.From, 'Aurora Play <noreply@aurora.example>');
  assert.equal(h.To, GUEST);
  assert.equal(h.Subject, row.subject, 'the subject decodes to the Arabic text');
  assert.match(message.rawHeaders, /^Subject: =\?UTF-8\?B\?/m, 'RFC 2047 encoded on the wire');
  assert.equal(h['Message-ID'], `<${row.id}@aurora.example>`);
  assert.equal(h['MIME-Version'], '1.0');
  assert.equal(message.contentType, 'multipart/alternative');
  const link = /(http:\/\/\S+\/ar\/resetpassword\?session=[0-9a-f]{64})/.exec(row.body)[1];
  assert.ok(message.text.includes(link), 'the link in the text part');
  assert.ok(message.html.includes(`<a href="${link}">`), 'the link in the HTML part');
  assert.match(message.html, /dir="rtl"/);

  const delivered = await outboxUntil(server, (m) => m.sentAt, 'the mail as sent');
  assert.equal(delivered.attempts, 1);
  assert.equal(delivered.lastError, null);
  assert.equal(delivered.nextAttemptAt, null);
});

test('a relay that refuses the connection, then answers 451, gets the mail on a later retry', async () => {
  const port = await freePort();  // nothing listens there yet
  const server = await portalWithSmtp(port);
  await askReset(server);
  const refused = await outboxUntil(server, (m) => m.attempts >= 1 && m.lastError, 'a failed attempt');
  assert.equal(refused.sentAt, null);
  assert.ok(refused.nextAttemptAt, 'a retry is due later');
  assert.match(refused.lastError, /refused|connect/i);

  // The relay comes up, but answers the first message 451 (try again later).
  const smtp = await startSmtp({ port, failFirst: 1 });
  cleanup.push(() => smtp.stop());
  await advance(server, 40);  // past the first backoff (30 s and a tenth of jitter)
  const deferred = await outboxUntil(server, (m) => m.attempts >= 2 && /451/.test(m.lastError ?? ''), 'the 451');
  assert.equal(deferred.sentAt, null);
  assert.ok(deferred.nextAttemptAt > refused.nextAttemptAt, 'the next retry is later still');
  assert.equal(smtp.messages().length, 0);

  await advance(server, 70);  // past the second backoff (60 s and a tenth)
  const sent = await outboxUntil(server, (m) => m.sentAt, 'the mail as sent');
  assert.equal(sent.attempts, 3);
  const [message] = await smtp.waitForMessages(1);
  assert.equal(message.headers['Message-ID'], `<${sent.id}@aurora.example>`, 'one message, the same id on every try');
  assert.ok(message.text.includes(/(http:\/\/\S+)/.exec(sent.body)[1]));
});

test('STARTTLS: the relay certificate is checked against the configured host, then AUTH and the mail go encrypted', async () => {
  const certificate = tlsCertificate();
  cleanup.push(() => certificate.remove());
  const smtp = await startSmtp({ auth: 'portal:tls-pass', tls: certificate });
  cleanup.push(() => smtp.stop());
  const server = await startPortal(['--smtp', `localhost:${smtp.port}`, '--smtp-tls', 'starttls',
    '--smtp-ca-file', certificate.cert, '--smtp-user', 'portal', '--mail-interval', '1',
    '--mail-from', 'noreply@aurora.example'], { env: { PORTAL_SMTP_PASSWORD: 'tls-pass' } });
  cleanup.push(() => server.stop());
  await askReset(server);
  const [message] = await smtp.waitForMessages(1);
  assert.equal(message.tls, true);
  assert.equal(message.login, 'portal');
  assert.match(message.headers.Date, RFC5322_DATE);
  const delivered = await outboxUntil(server, (m) => m.sentAt, 'the mail as sent');
  assert.ok(message.text.includes(/(http:\/\/\S+)/.exec(delivered.body)[1]));
});

test('implicit TLS (--smtp-tls tls): the whole conversation is encrypted', async () => {
  const certificate = tlsCertificate();
  cleanup.push(() => certificate.remove());
  const smtp = await startSmtp({ auth: 'portal:tls-pass', tls: certificate, implicitTls: true });
  cleanup.push(() => smtp.stop());
  const server = await startPortal(['--smtp', `localhost:${smtp.port}`, '--smtp-tls', 'tls',
    '--smtp-ca-file', certificate.cert, '--smtp-user', 'portal', '--mail-interval', '1',
    '--mail-from', 'noreply@aurora.example'], { env: { PORTAL_SMTP_PASSWORD: 'tls-pass' } });
  cleanup.push(() => server.stop());
  await askReset(server);
  const [message] = await smtp.waitForMessages(1);
  assert.equal(message.tls, true);
  assert.equal(message.login, 'portal');
  assert.ok((await outboxUntil(server, (m) => m.sentAt, 'the mail as sent')).sentAt);
});

// A relay whose certificate is not trusted, or trusted but for another name:
// nothing is sent (not even MAIL FROM), the mail waits for a retry.
for (const [what, name, trust] of [['a certificate the portal does not trust', 'localhost', false],
  ['a trusted certificate for another host name', 'relay.other.example', true]]) {
  test(`STARTTLS with ${what} sends nothing and keeps retrying`, async () => {
    const certificate = tlsCertificate(name);
    cleanup.push(() => certificate.remove());
    const smtp = await startSmtp({ tls: certificate });
    cleanup.push(() => smtp.stop());
    const server = await startPortal(['--smtp', `localhost:${smtp.port}`, '--smtp-tls', 'starttls', '--mail-interval', '1',
      '--mail-from', 'noreply@aurora.example', ...(trust ? ['--smtp-ca-file', certificate.cert] : [])]);
    cleanup.push(() => server.stop());
    await askReset(server);
    const failed = await outboxUntil(server, (m) => m.attempts >= 1 && m.lastError, 'a failed attempt');
    assert.equal(failed.sentAt, null);
    assert.ok(failed.nextAttemptAt, 'a retry is due');
    assert.match(failed.lastError, /certificate|verif|SSL|host/i);
    assert.equal(smtp.messages().length, 0);
  });
}
