/** Parental control (commerce §3 "Parental control account", §5 grading, §7 calls); wire types from the generated OpenAPI types. */
import type { ApiBody, ApiData } from '@/lib/api-schema';

/** The grading levels a parent may choose (commerce §5): 0 all ages … 40 eighteen plus. */
export const AGE_GROUPS = [0, 10, 20, 30, 40] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** GET and PUT /parental-control, POST /parental-control/resetPasscode: never the password itself, only whether one is set. */
export type ParentalAccount = ApiData<'getBackendParentalControl'>;
/** PUT /parental-control: a first call needs password and maxAgeGroup; a change needs currentPassword. */
export type ParentalSettings = ApiBody<'putBackendParentalControl'>;
export type ResetMailSent = ApiData<'postBackendParentalControlSendEmail'>;
export type PasswordVerified = ApiData<'postBackendParentalControlVerifyParentalpassword'>;

/** A parental password: 4 to 64 characters (the server checks the same). */
export const PASSWORD_RULES = [
  { type: 'required' },
  { type: 'minLength', value: 4 },
  { type: 'maxLength', value: 64 },
] as const;

/** Why a 404 came: an article above the caller's rating limit (catalog details, media). */
export function isRatingLimitError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const data = (body as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === 'RATING_LIMIT';
}
