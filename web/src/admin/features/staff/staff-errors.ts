/** The message of a failed staff call, by the server's error code (docs/contracts.md "Staff and the audit log"). */
import { errorOf } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import type { AdminKey, Translate } from '@/admin/lib/i18n';

const STAFF_ERRORS = ['STAFF_EXISTS', 'ROLE_NOT_ALLOWED', 'OWN_ROLE', 'STAFF_NOT_FOUND', 'STAFF_ROLE_REQUIRED', 'VALIDATION_ERROR'] as const;

export function staffErrorText(t: Translate, error: unknown): string {
  const { code } = errorOf(error);
  const known = STAFF_ERRORS.find((c) => c === code);
  return known ? t(`staff.errors.${known}` as AdminKey) : failureText(t, error);
}
