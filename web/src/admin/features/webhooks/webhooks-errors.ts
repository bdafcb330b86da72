/** The message of a failed webhooks call, by the server's error code. */
import { errorOf } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import type { AdminKey, Translate } from '@/admin/lib/i18n';

const WEBHOOK_ERRORS = ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND', 'TOO_MANY_WEBHOOK_ENDPOINTS'] as const;

export function webhookErrorText(t: Translate, error: unknown): string {
  const { code, data } = errorOf(error);
  const known = WEBHOOK_ERRORS.find((c) => c === code);
  if (known) return t(`webhooks.errors.${known}` as AdminKey);
  if (code === 'VALIDATION_ERROR' && (data.field === 'url' || data.field === 'events' || data.field === 'allowPrivate' || data.field === 'description'))
    return t(`webhooks.errors.field.${data.field}` as AdminKey);
  return failureText(t, error);
}
