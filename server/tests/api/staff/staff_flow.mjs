// Helpers for the staff API tests: RFC 6238 codes computed with node:crypto,
// each step used once per secret (the server refuses a reused step), the demo
// staff's secrets from the start-up lines, and sign-in.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export const STAFF_PASSWORD = 'portal-demo';

export function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out = [];
  for (const c of text.replace(/[=\s]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function totpAt(secret, step) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 1_000_000).padStart(6, '0');
}

const currentStep = () => Math.floor(Date.now() / 30_000);
const usedSteps = new Map();

// A code the server takes now: a step it accepts (the one before, now or the next one, as an
// authenticator's clock may drift either way) that this secret has not used yet; waits for the next
// step when all three are spent. The step before only while its acceptance lasts past this call
// (two seconds before the step ends, the server's clock may already be in the next one).
export async function freshCode(secret) {
  for (;;) {
    const now = currentStep();
    const earliest = Date.now() % 30_000 < 28_000 ? now - 1 : now;
    const step = Math.max(earliest, (usedSteps.get(secret) ?? -Infinity) + 1);
    if (step <= now + 1) {
      usedSteps.set(secret, step);
      return totpAt(secret, step);
    }
    await sleep(1000);
  }
}

// The demo staff the server printed at start-up: {`${email} ${tenant}`: {email, role, tenant, secret}}.
export function demoStaff(output) {
  const out = {};
  for (const m of output.matchAll(/^ {2}(\S+@\S+) {2}(\S+) {2}(\S+) {2}([A-Z2-7]{32})$/gm)) {
    const tenant = m[3] === '(platform)' ? '' : m[3];
    out[`${m[1]} ${tenant}`] = { email: m[1], role: m[2], tenant, secret: m[4] };
  }
  return out;
}

export function json(body, headers = {}, method = 'POST') {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export function staffBearer(token, extra = {}) {
  return { headers: { authorization: `Bearer ${token}`, ...extra } };
}

// Signs a member in through `api` (its X-Tenant-ID); returns {token, expiresAt, staff}.
export async function staffLogin(api, account, password = STAFF_PASSWORD) {
  const res = await api('/admin/login', json({ email: account.email, password, totp: await freshCode(account.secret) }));
  assert.equal(res.status, 200, `admin/login answers 200, got ${res.status}: ${await res.clone().text()}`);
  return (await res.json()).data;
}
