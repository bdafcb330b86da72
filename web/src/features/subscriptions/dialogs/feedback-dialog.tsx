/**
 * Dialog 'subscription-feedback' (commerce §4): 1 success, 2 insufficient, 3 duplicate, 5 known
 * error, 6 pending; any other status is an error whose shown code is the status × 95 (or the
 * answer's own status, e.g. 490).
 */
import { usePlanById } from '../hooks/use-plan-by-id';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { closeDialog } from '@/lib/dialogs';
import { useLocalizePath } from '@/lib/use-language';
import { formatDigits } from '@/lib/formatters';
import { DialogActions, SubscriptionDialog } from '../components/subscription-dialog';
import { usePlanFormat } from '../hooks/use-plan-format';
import { planTitle } from '../plan-attributes';
import { displayedErrorCode, feedbackKind } from '../subscribe-rules';
import { useSubscriptionStore } from '../store';

export function FeedbackDialog() {
  const planById = usePlanById();
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const { lang } = usePlanFormat();
  const feedback = useSubscriptionStore((state) => state.flow.feedback);
  const kind = feedbackKind(feedback?.status ?? 0);
  const plan = planById(feedback?.subTypeId);
  const name = plan ? planTitle(plan, lang) : t('subscription.feedback.yourPlan');
  const close = () => closeDialog('subscription-feedback');
  const text =
    kind === 'error'
      ? t('subscription.feedback.error.text', { code: formatDigits(displayedErrorCode(feedback?.status ?? 0, feedback?.code), lang) })
      : kind === 'knownError'
        ? (feedback?.message ?? t('subscription.feedback.knownError.text'))
        : t(`subscription.feedback.${kind}.text`, { name });
  return (
    <SubscriptionDialog name="subscription-feedback" title={t(`subscription.feedback.${kind}.title`)}>
      <div data-feedback={kind} className="flex flex-col gap-4">
        <p>{text}</p>
        {kind === 'error' && feedback?.message && <p className="text-sm text-muted">{feedback.message}</p>}
        <DialogActions>
          {kind === 'insufficient' && (
            <Link to={localize('/subscription')} onClick={close} className={buttonClass('secondary')}>
              {t('subscription.feedback.choosePlan')}
            </Link>
          )}
          {(kind === 'success' || kind === 'duplicate' || kind === 'pending') && (
            <Link to={localize('/profile/manage')} onClick={close} className={buttonClass('secondary')}>
              {t('subscription.feedback.manage')}
            </Link>
          )}
          <Button onClick={close}>{t('subscription.ok')}</Button>
        </DialogActions>
      </div>
    </SubscriptionDialog>
  );
}
