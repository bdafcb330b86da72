/** The demo staff's two-factor codes for the console walks: their secrets from the seed's output, RFC 6238 codes. */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { serverEnv } from './support';

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238: HMAC-SHA1 over the 30-second step, dynamically truncated to 6 digits. */
export function totp(secret: string, at = Date.now()): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The demo seed's line "  owner@example.com  owner  aurora  SECRET" for this account. */
export function demoSecret(email: string, tenant: string): string {
  const log = serverEnv('PORTAL_SERVER_LOG');
  if (!log) throw new Error('PORTAL_SERVER_LOG names the server output with the demo staff secrets (scripts/test-e2e)');
  for (const m of readFileSync(log, 'utf8').matchAll(/^ {2}(\S+@\S+) {2}(\S+) {2}(\S+) {2}([A-Z2-7]{32})$/gm))
    if (m[1] === email && m[3] === tenant) return m[4]!;
  throw new Error(`No demo secret for ${email} of ${tenant}`);
}

/**
 * The code for one attempt at a sign-in. The server takes a step's code once per account (a replay is refused) and
 * accepts the step before, this one and the next. Another walk of this worker may have spent this step for the same
 * account: the first attempt uses this step's code, the second the next step's, and a third waits for the next
 * step and uses the one after it.
 */
export async function codeForAttempt(page: Page, secret: string, attempt: number): Promise<string> {
  if (attempt >= 2) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  return totp(secret, Date.now() + (attempt >= 1 ? 30_000 : 0));
}
