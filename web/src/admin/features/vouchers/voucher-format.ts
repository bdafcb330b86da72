/** How the voucher pages say things: a refused call's message, a day, the console's language, and the page size. */
import { isLanguageCode, type LanguageCode } from '@/config/languages';
import { formatDate } from '@/lib/formatters';
import { errorOf } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import type { AdminKey, Translate } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';

export const PAGE_SIZE = 20;
const VOUCHER_ERRORS = ['VALIDATION_ERROR', 'VOUCHER_BATCH_NOT_FOUND', 'VOUCHER_NOT_FOUND', 'VOUCHER_ALREADY_REDEEMED'] as const;

export function errorText(t: Translate, error: unknown): string {
  const { code } = errorOf(error);
  const known = VOUCHER_ERRORS.find((c) => c === code);
  return known ? t(`vouchers.errors.${known}` as AdminKey) : failureText(t, error);
}

export function useLang(): LanguageCode {
  const { lang } = useAdminI18n();
  return isLanguageCode(lang) ? lang : 'en';
}

export function day(value: string | null | undefined, lang: LanguageCode): string {
  return value ? formatDate(value, lang) : '';
}
