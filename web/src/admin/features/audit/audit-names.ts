/**
 * The audit log's codes by their names in the console's language (issue 73 item 5): every action the server writes
 * (git grep the audit entries of server/src: staff_entry, audit_entry, provider_entry, `e.action =`) and every kind of
 * object it names. The list is also the action filter's choices; a code the console does not know shows as it is.
 */
import type { AdminKey, Translate } from '@/admin/lib/i18n';

export const AUDIT_ACTIONS = [
  'catalog.create', 'catalog.update', 'catalog.duplicate', 'catalog.publish', 'catalog.unpublish', 'catalog.import',
  'customers.view', 'customers.cancel', 'customers.comp', 'customers.grant', 'customers.revoke', 'customers.resendVouchers',
  'customers.endSessions', 'customers.liftSignInLock', 'customers.passwordReset', 'customers.parentalReset', 'customers.export', 'customers.delete',
  'media.upload', 'media.job.queue', 'media.publish',
  'payments.refund', 'payments.refund_failed', 'payments.dispute', 'payments.stripe', 'payments.stripe.remove',
  'plans.create', 'plans.update', 'plans.duplicate', 'plans.price', 'plans.retire', 'plans.paymentOption.save', 'plans.paymentOption.delete',
  'reports.refresh', 'royalties.issue',
  'settings.update',
  'staff.invite', 'staff.reinvite', 'staff.revokeInvitation', 'staff.accept', 'staff.role', 'staff.disable', 'staff.enable', 'staff.revokeSessions',
  'staff.signIn', 'staff.signInFailed', 'staff.locked', 'staff.passwordResetAsked', 'staff.passwordReset',
  'structure.create', 'structure.save', 'structure.publish', 'structure.schedule', 'structure.unschedule', 'structure.rename', 'structure.delete',
  'tenant.create', 'tenant.import',
  'vouchers.batch.create', 'vouchers.batch.void', 'vouchers.code.void',
] as const;

export const AUDIT_OBJECT_TYPES = [
  'article', 'catalog', 'customer', 'media_job', 'media_upload', 'payment', 'payment_option', 'payment_provider', 'reports', 'royalty_statement',
  'staff', 'structure', 'subscription_type', 'tenant', 'voucher_batch', 'voucher_code',
] as const;

// A message key may not hold a dot of its own (it nests): "staff.signInFailed" is audit.actions.staff_signInFailed.
const keyOf = (code: string) => code.replaceAll('.', '_');

export function actionName(code: string, t: Translate): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(code) ? t(`audit.actions.${keyOf(code)}` as AdminKey) : code;
}

export function objectTypeName(type: string, t: Translate): string {
  return (AUDIT_OBJECT_TYPES as readonly string[]).includes(type) ? t(`audit.objectTypes.${type}` as AdminKey) : type;
}

/** A filter's choices by name, in the reader's alphabet; a code in the address that the list lacks stays a choice. */
export function namedChoices(codes: readonly string[], name: (code: string) => string, lang: string, keep: string): { value: string; label: string }[] {
  const all = keep !== '' && !codes.includes(keep) ? [...codes, keep] : codes;
  return all.map((value) => ({ value, label: name(value) })).sort((a, b) => a.label.localeCompare(b.label, lang));
}
