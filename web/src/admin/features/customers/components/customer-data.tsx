/**
 * A customer's data, on their request (issue 34 item 5; UI-CONTRACT.md "customer-data.tsx"): support
 * downloads the customer's data as a JSON file (GET /admin/customers/{userId}/export, in the audit
 * log) and deletes the account after a confirm dialog with the request's reason (POST
 * /admin/customers/{userId}/delete, in the audit log). Both need support, admin or above.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { Field, Notice, TEXTAREA_CLASS } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import { saveFile } from '@/admin/lib/download';
import type { AdminKey, Translate } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { mayActOnCustomers } from '@/admin/lib/roles';
import { customerCalls } from '../customers-api';
import { MAX_REASON_LENGTH } from '../customer-model';

const PRIVACY_ERRORS = ['VALIDATION_ERROR', 'CUSTOMER_NOT_FOUND', 'STAFF_ROLE_REQUIRED'] as const;

function errorText(t: Translate, error: unknown): string {
  const { code } = errorOf(error);
  const known = PRIVACY_ERRORS.find((c) => c === code);
  return known ? t(`privacy.errors.${known}` as AdminKey) : failureText(t, error);
}

export function DataActions({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useAdminI18n();
  const { api, me } = useConsole();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<Outcome | null>(null);
  const download = useMutation({
    mutationFn: () => customerCalls.exportData(api, userId),
    onSuccess: (document) => {
      saveFile(`customer-${userId}.json`, [JSON.stringify(document, null, 2)], 'application/json');
      setNotice({ tone: 'success', text: t('privacy.downloaded') });
    },
    onError: (error) => setNotice({ tone: 'error', text: errorText(t, error) }),
  });
  const remove = useMutation({
    mutationFn: () => customerCalls.remove(api, userId, reason.trim()),
    onSuccess: (done) => {
      setConfirming(false);
      setNotice({ tone: 'success', text: t('privacy.deleted', { pseudonym: done.pseudonym, count: done.plansCancelled }) });
      onDone();
    },
    onError: (error) => {
      setConfirming(false);
      setNotice({ tone: 'error', text: errorText(t, error) });
    },
  });
  // Finance reads customers but may not take their data out or delete them (the calls need support or admin).
  const allowed = mayActOnCustomers(me.role);
  const confirm = () => {
    const text = reason.trim();
    if (!text) return setReasonError(t('privacy.reasonRequired'));
    if (text.length > MAX_REASON_LENGTH) return setReasonError(t('privacy.reasonTooLong', { count: MAX_REASON_LENGTH }));
    setReasonError(undefined);
    remove.mutate();
  };
  if (!allowed) return null;
  return (
    <div className="flex flex-col gap-3" data-customer-data={userId}>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()} data-testid="customer-export">
          {download.isPending ? t('privacy.downloading') : t('privacy.download')}
        </Button>
        <Button
          variant="secondary"
          className="text-red-700 dark:text-red-300"
          onClick={() => {
            setReason('');
            setReasonError(undefined);
            setConfirming(true);
          }}
          data-testid="customer-delete"
        >
          {t('privacy.delete')}
        </Button>
      </div>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <DialogShell open={confirming} onOpenChange={(next) => !next && setConfirming(false)} title={t('privacy.confirmTitle')} description={t('privacy.confirmText')} closeLabel={t('privacy.close')}>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <Field label={t('privacy.reason')} hint={t('privacy.reasonHint')} error={reasonError}>
            {(ids) => (
              <textarea
                {...ids}
                className={TEXTAREA_CLASS}
                rows={3}
                maxLength={MAX_REASON_LENGTH}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('privacy.cancel')}
            </Button>
            <Button type="submit" disabled={remove.isPending} className="bg-red-700 text-white dark:bg-red-600">
              {t('privacy.confirmDelete')}
            </Button>
          </div>
        </form>
      </DialogShell>
    </div>
  );
}
