/**
 * The `generic-error` and `custom-feedback` dialogs (commerce §2): what lib/feedback-dialogs.ts was
 * handed, in the shared dialog shell. Rendered once with the commerce dialogs (app/commerce-dialogs.tsx).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DialogShell } from '@/components/ui/dialog-shell';
import { closeDialog, useDialog, type DialogName } from '@/lib/dialogs';
import { useFeedbackContent, type FeedbackTone } from '@/lib/feedback-dialogs';
import { useLocalizePath } from '@/lib/use-language';

/** A message named at run time (lib/feedback-dialogs.ts keys) in the current language. */
function useMessage(): (key: string, params?: Record<string, string>) => string {
  const { t } = useTranslation();
  // The bundle's typed keys cannot name a key chosen at run time; it is a text key by contract.
  const translate = t as unknown as (key: string, options: Record<string, string>) => string;
  return (key, params = {}) => translate(key, params);
}

function Frame({ name, title, children }: { name: DialogName; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog(name);
  return (
    <DialogShell open={open} onOpenChange={setOpen} title={title} closeLabel={t('dialogs.close')}>
      <div data-dialog={name} className="flex flex-col gap-4">
        {children}
      </div>
    </DialogShell>
  );
}

export function GenericErrorDialog() {
  const { t } = useTranslation();
  const say = useMessage();
  const error = useFeedbackContent((state) => state.error);
  return (
    <Frame name="generic-error" title={t('dialogs.genericError.title')}>
      <p>{error?.messageKey ? say(error.messageKey, error.params) : t('dialogs.genericError.text')}</p>
      {error?.status ? (
        <p className="text-sm text-muted">
          {t('dialogs.genericError.code')} <bdi dir="ltr">{error.code ? `${String(error.status)} ${error.code}` : String(error.status)}</bdi>
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button onClick={() => closeDialog('generic-error')}>{t('dialogs.ok')}</Button>
      </div>
    </Frame>
  );
}

const TONE_CLASS: Record<FeedbackTone, string> = {
  success: 'border-emerald-600 text-emerald-800 dark:text-emerald-200',
  info: 'border-primary text-text',
  warning: 'border-amber-500 text-amber-900 dark:text-amber-100',
  error: 'border-red-600 text-red-800 dark:text-red-200',
};

export function CustomFeedbackDialog() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const say = useMessage();
  const feedback = useFeedbackContent((state) => state.feedback);
  const close = () => closeDialog('custom-feedback');
  return (
    <Frame name="custom-feedback" title={feedback ? say(feedback.titleKey, feedback.params) : t('dialogs.feedback.title')}>
      {feedback && (
        <p data-tone={feedback.tone} className={`border-s-4 ps-3 ${TONE_CLASS[feedback.tone]}`}>
          {say(feedback.messageKey, feedback.params)}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {feedback?.action ? (
          <>
            <Button variant="secondary" onClick={close}>
              {t('dialogs.close')}
            </Button>
            <Link to={localize(feedback.action.href)} className={buttonClass('primary')} onClick={close}>
              {say(feedback.action.labelKey)}
            </Link>
          </>
        ) : (
          <Button onClick={close}>{t('dialogs.ok')}</Button>
        )}
      </div>
    </Frame>
  );
}
