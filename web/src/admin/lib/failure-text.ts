/**
 * What the console says when a call failed and no text of its own fits (issue 73 item 2): the server's reason in its
 * words (a 502 PAYMENT_PROVIDER_UNAVAILABLE says "Stripe could not be reached: Host not found"), else its code, and
 * whether anything was saved. An answer from the server means nothing was: every write is one transaction that a
 * refusal rolls back. No answer (the network, a proxy) means the console cannot know: it says to reload and look.
 */
import { errorOf } from './console-context';
import type { Translate } from './i18n';

export function failureText(t: Translate, error: unknown): string {
  const { code, status, message } = errorOf(error);
  if (status === 0 && code === null) return t('failure.unreachable');
  const said = message ? t('failure.because', { reason: message }) : t('failure.code', { code: code ?? String(status) });
  return `${said} ${t('failure.nothingSaved')}`;
}
