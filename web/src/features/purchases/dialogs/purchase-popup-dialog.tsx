/**
 * Dialog 'purchase-popup': the ways to get an article the user may not consume yet (commerce §4):
 * buy it (DTO), a plan that includes it, or an upgrade / downgrade of the plan held.
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { billingCycle, formatDate } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { DialogActions, PurchaseDialog } from '../components/purchase-dialog';
import { buySingle, choosePlan, confirmCredit } from '../flow';
import { useMoney } from '../hooks/use-money';
import { usePurchaseFlow } from '../store';
import type { UsedCredits } from '../store';
import type { Money } from '../types';

function Offer({ title, price, cycle, action, onClick, testId }: { title: string; price: Money; cycle: string | null; action: string; onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const period = billingCycle(cycle);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3" data-testid={testId}>
      <div className="flex min-w-0 flex-col">
        <span className="font-semibold break-words">{title}</span>
        <span className="text-sm text-muted tabular-nums">
          {money(price)}
          {period && ` ${t(`purchases.cycle.${period}`)}`}
        </span>
      </div>
      <Button onClick={onClick}>{action}</Button>
    </li>
  );
}

/** A plan's credits for this item are spent: when new ones come, and that the offers below work until then (issue 47). */
function UsedCreditsNote({ used, offers }: { used: UsedCredits; offers: number }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const when = used.at ? formatDate(used.at, lang, used.daily ? { weekday: 'long', hour: 'numeric', minute: '2-digit' } : { dateStyle: 'long' }) : null;
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-border bg-surface p-3 text-sm" role="status" data-testid="credits-used">
      <p className="font-semibold">{t(used.daily && when ? 'purchases.popup.creditsUsedToday' : 'purchases.popup.creditsUsed', { plan: used.plan })}</p>
      {when && <p>{t('purchases.popup.creditsBack', { when })}</p>}
      {offers > 0 && <p>{t('purchases.popup.creditsMeanwhile')}</p>}
    </div>
  );
}

export function PurchasePopupDialog() {
  const { t } = useTranslation();
  const article = usePurchaseFlow((state) => state.article);
  const offers = usePurchaseFlow((state) => state.offers);
  const count = offers ? offers.purchase.length + offers.upgradeTo.length + offers.downgradeTo.length : 0;
  return (
    <PurchaseDialog name="purchase-popup" title={t('purchases.popup.title')} description={article ? t('purchases.popup.description', { title: article.title }) : undefined}>
      {offers?.usedCredits && <UsedCreditsNote used={offers.usedCredits} offers={count} />}
      {offers && article && (
        <ul className="flex flex-col gap-3">
          {offers.purchase.map((option) =>
            option.type === 'DTO' ? (
              // The page's title, in the page's language (the answer names the item in the account's).
              <Offer key={option.purchaseIdentifier} testId="offer-single" title={article.title || option.title} price={option.price} cycle={null} action={t('purchases.popup.buy')} onClick={() => void buySingle(article)} />
            ) : option.subscriptionType ? (
              <Offer
                key={option.purchaseIdentifier}
                testId="offer-plan"
                title={option.subscriptionType.name || option.title}
                price={option.price}
                cycle={option.subscriptionType.billingCycle}
                action={t('purchases.popup.subscribe')}
                onClick={() => option.subscriptionType && choosePlan(option.subscriptionType.id)}
              />
            ) : null,
          )}
          {offers.upgradeTo.map((change) => (
            <Offer
              key={`up-${change.toSubscriptionType.id}`}
              testId="offer-upgrade"
              title={change.toSubscriptionType.name}
              price={change.toSubscriptionType.subscriptionTypePrice}
              cycle={change.toSubscriptionType.billingCycle}
              action={t('purchases.popup.upgrade')}
              onClick={() => choosePlan(change.toSubscriptionType.id)}
            />
          ))}
          {offers.downgradeTo.map((change) => (
            <Offer
              key={`down-${change.toSubscriptionType.id}`}
              testId="offer-downgrade"
              title={change.toSubscriptionType.name}
              price={change.toSubscriptionType.subscriptionTypePrice}
              cycle={change.toSubscriptionType.billingCycle}
              action={t('purchases.popup.downgrade')}
              onClick={() => choosePlan(change.toSubscriptionType.id)}
            />
          ))}
        </ul>
      )}
    </PurchaseDialog>
  );
}

export function ConfirmPurchaseDialog() {
  const { t } = useTranslation();
  const article = usePurchaseFlow((state) => state.article);
  const credit = usePurchaseFlow((state) => state.credit);
  return (
    <PurchaseDialog name="confirm-purchase" title={t('purchases.confirmCredit.title')}>
      <p>{t('purchases.confirmCredit.text', { title: article?.title ?? '' })}</p>
      {/* A track of an album: the credit is spent on this track alone (issue 30). */}
      {article?.contentType === 'full_track_music' && article.collectionId != null && <p data-testid="credit-track-only">{t('purchases.confirmCredit.trackOnly')}</p>}
      {credit?.remaining != null && credit.remaining >= 0 && <p className="text-sm text-muted">{t('purchases.confirmCredit.remaining', { count: credit.remaining })}</p>}
      <DialogActions>
        <ConfirmButtons />
      </DialogActions>
    </PurchaseDialog>
  );
}

function ConfirmButtons() {
  const { t } = useTranslation();
  const busy = usePurchaseFlow((state) => state.busy);
  return <Button disabled={busy} onClick={() => void confirmCredit()}>{t('purchases.confirmCredit.action')}</Button>;
}
