/** The form's message for a failed parental-control call (commerce §8: verify and reset rethrow). */
import { ApiError } from '@/lib/api-client';

export interface ParentalFailure {
  key: string;
  params?: Record<string, string | number>;
}

function data(error: ApiError): Record<string, unknown> {
  const body = error.body as { data?: unknown } | null;
  return typeof body?.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
}

/** Counts go in as numbers: the message picks its plural form, and i18n writes them in the language's digits. */
export function parentalFailure(error: unknown): ParentalFailure {
  if (!(error instanceof ApiError)) return { key: 'parentalControl.errors.failed' };
  const details = data(error);
  if (error.status === 429 && error.code === 'TOO_MANY_ATTEMPTS') {
    const seconds = typeof details.retryAfter === 'number' ? details.retryAfter : 900;
    return { key: 'parentalControl.errors.locked', params: { count: Math.max(1, Math.ceil(seconds / 60)) } };
  }
  if (error.status === 429) return { key: 'parentalControl.errors.tooManyMails' };
  if (error.code === 'PARENTAL_PASSWORD_WRONG') {
    const left = typeof details.attemptsLeft === 'number' ? details.attemptsLeft : 0;
    return { key: 'parentalControl.errors.wrongPassword', params: { count: left } };
  }
  if (error.code === 'RESET_CODE_INVALID') return { key: 'parentalControl.errors.badCode' };
  if (error.code === 'NO_EMAIL') return { key: 'parentalControl.errors.noEmail' };
  return { key: 'parentalControl.errors.failed' };
}
