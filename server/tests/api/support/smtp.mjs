// A real SMTP server for a test (support/smtp_server.py, Debian's
// python3-aiosmtpd): startSmtp({port, failFirst, auth: 'user:password', tls})
// answers {port, messages(), waitForMessages(n), stop()}; each message is what
// the server received and parsed (envelope, decoded headers, text, html, tls,
// login). tlsCertificate() makes a self-signed certificate for localhost.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

// Debian's interpreter, where python3-aiosmtpd lives (a pyenv python3 on PATH lacks it).
const PYTHON = process.env.PORTAL_TEST_PYTHON ?? '/usr/bin/python3';
const SCRIPT = join(import.meta.dirname, 'smtp_server.py');

// A port nothing listens on (yet): bound and closed again.
export function freePort() {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

export async function startSmtp({ port, failFirst = 0, auth, tls, implicitTls = false } = {}) {
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'portal-smtp-'));
  const args = [SCRIPT, '--port', String(port), '--dir', dir, '--fail-first', String(failFirst)];
  if (auth) args.push('--auth', auth);
  if (tls) args.push('--tls', tls.cert, tls.key);
  if (implicitTls) args.push('--implicit-tls');
  const child = spawn(PYTHON, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((res) => child.on('exit', res));
  for (let i = 0; !output.includes(`ready ${port}`); i++) {
    if (child.exitCode !== null || i > 400) {
      child.kill('SIGKILL');
      throw new Error(`the SMTP server did not start:\n${output}`);
    }
    await sleep(25);
  }
  const messages = () =>
    readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  return {
    port,
    dir,
    output: () => output,
    messages,
    // Waits (bounded) until n messages arrived; returns them.
    async waitForMessages(n = 1, { tries = 400 } = {}) {
      for (let i = 0; i < tries; i++) {
        const list = messages();
        if (list.length >= n) return list;
        await sleep(50);
      }
      throw new Error(`expected ${n} message(s) at the SMTP server, got ${messages().length}:\n${output}`);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// A self-signed certificate and key for `name` (openssl), in a fresh folder.
export function tlsCertificate(name = 'localhost') {
  const dir = mkdtempSync(join(tmpdir(), 'portal-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`], { stdio: 'ignore' });
  return { cert, key, dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
