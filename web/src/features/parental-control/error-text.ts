/** The form's message for a failed parental-control call (commerce §8: verify and reset rethrow). */
import type { LanguageCode } from '@/config/languages';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/formatters';

export interface ParentalFailure {
  key: string;
  params?: Record<string, string | number>;
}

function data(error: ApiError): Record<string, unknown> {
  const body = error.body as { data?: unknown } | null;
  return typeof body?.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
}

/** Numbers in the message are formatted for `lang` (Arabic-Indic digits in Arabic). */
export function parentalFailure(error: unknown, lang: LanguageCode): ParentalFailure {
  if (!(error instanceof ApiError)) return { key: 'parentalControl.errors.failed' };
  const details = data(error);
  if (error.status === 429 && error.code === 'TOO_MANY_ATTEMPTS') {
    const seconds = typeof details.retryAfter === 'number' ? details.retryAfter : 900;
    return { key: 'parentalControl.errors.locked', params: { minutes: formatNumber(Math.max(1, Math.ceil(seconds / 60)), lang) } };
  }
  if (error.status === 429) return { key: 'parentalControl.errors.tooManyMails' };
  if (error.code === 'PARENTAL_PASSWORD_WRONG') {
    const left = typeof details.attemptsLeft === 'number' ? details.attemptsLeft : 0;
    return { key: 'parentalControl.errors.wrongPassword', params: { count: formatNumber(left, lang) } };
  }
  if (error.code === 'RESET_CODE_INVALID') return { key: 'parentalControl.errors.badCode' };
  if (error.code === 'NO_EMAIL') return { key: 'parentalControl.errors.noEmail' };
  return { key: 'parentalControl.errors.failed' };
}
