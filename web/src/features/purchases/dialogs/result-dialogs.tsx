/**
 * Dialogs 'single-purchase-confirm' (title and price before paying), 'purchase-result' (what a
 * single purchase came to) and 'device-not-supported' ('generic-error' is features/dialogs', opened by
 * flow.ts showFailure).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { closeDialog } from '@/lib/dialogs';
import { DialogActions, PurchaseDialog } from '../components/purchase-dialog';
import { GAME_AUTOSTART_SECONDS, confirmSingle, playBought } from '../flow';
import { useMoney } from '../hooks/use-money';
import { usePurchaseFlow } from '../store';

export function SinglePurchaseConfirmDialog() {
  const { t } = useTranslation();
  const money = useMoney();
  const single = usePurchaseFlow((state) => state.single);
  const busy = usePurchaseFlow((state) => state.busy);
  return (
    <PurchaseDialog name="single-purchase-confirm" title={t('purchases.single.title')}>
      {single && (
        <dl className="flex flex-col gap-1">
          <dt className="text-sm text-muted">{t('purchases.single.item')}</dt>
          <dd className="font-semibold break-words">{single.title}</dd>
          <dt className="mt-2 text-sm text-muted">{t('purchases.single.price')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="single-price">{money(single.price)}</dd>
        </dl>
      )}
      <p className="text-sm text-muted">{t('purchases.single.note')}</p>
      <DialogActions>
        <Button variant="secondary" onClick={() => closeDialog('single-purchase-confirm')}>
          {t('purchases.cancel')}
        </Button>
        <Button disabled={busy || !single} onClick={() => void confirmSingle()}>
          {busy ? t('purchases.loading') : t('purchases.single.pay')}
        </Button>
      </DialogActions>
    </PurchaseDialog>
  );
}

export function PurchaseResultDialog() {
  const { t } = useTranslation();
  const result = usePurchaseFlow((state) => state.result);
  const outcome = result?.outcome ?? 'error';
  return (
    <PurchaseDialog name="purchase-result" title={t(`purchases.result.${outcome}.title`)}>
      <p data-outcome={outcome}>{t(`purchases.result.${outcome}.text`, { title: result?.title ?? t('purchases.result.yourItem') })}</p>
      {result?.play && <GameAutostart key={result.play.id} />}
      <DialogActions>
        {result?.play ? (
          <>
            <Button variant="secondary" onClick={() => closeDialog('purchase-result')}>
              {t('purchases.later')}
            </Button>
            <Button onClick={() => void playBought()}>
              <PlayIcon />
              {t('purchases.result.playNow')}
            </Button>
          </>
        ) : (
          <Button onClick={() => closeDialog('purchase-result')}>{t('purchases.ok')}</Button>
        )}
      </DialogActions>
    </PurchaseDialog>
  );
}

/**
 * A bought online game starts by itself after the thank-you (commerce §4 purchase return: ONLINE_GAME starts play):
 * the dialog counts down, then plays; Play now starts at once, Later (or closing the dialog) stops the countdown.
 */
function GameAutostart() {
  const { t } = useTranslation();
  const [left, setLeft] = useState(GAME_AUTOSTART_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      void playBought();
      return undefined;
    }
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <p className="text-sm text-muted tabular-nums" data-testid="game-autostart">
      {t('purchases.result.startsIn', { count: Math.max(left, 0) })}
    </p>
  );
}

export function DeviceNotSupportedDialog() {
  const { t } = useTranslation();
  return (
    <PurchaseDialog name="device-not-supported" title={t('purchases.device.title')}>
      <p>{t('purchases.device.text')}</p>
      <DialogActions>
        <Button onClick={() => closeDialog('device-not-supported')}>{t('purchases.ok')}</Button>
      </DialogActions>
    </PurchaseDialog>
  );
}
