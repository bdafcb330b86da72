/** Every purchase dialog, the full-media player and the flow's loader, rendered once by the app shell. */
import { useTranslation } from 'react-i18next';
import { OneTimePaymentDialog } from '../dialogs/one-time-payment-dialog';
import { ConfirmPurchaseDialog, PurchasePopupDialog } from '../dialogs/purchase-popup-dialog';
import { DeviceNotSupportedDialog, GenericErrorDialog, PurchaseResultDialog, SinglePurchaseConfirmDialog } from '../dialogs/result-dialogs';
import { usePurchaseFlow } from '../store';
import { MediaPlayer } from './media-player';

function PurchaseLoader() {
  const { t } = useTranslation();
  const busy = usePurchaseFlow((state) => state.busy);
  if (!busy) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-[60] flex items-center justify-center bg-black/40 backdrop-blur-[1px]">
      <div className="flex items-center gap-3 rounded-2xl bg-surface px-5 py-4 text-text shadow-xl">
        <span className="size-5 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden="true" />
        {t('purchases.loading')}
      </div>
    </div>
  );
}

export function PurchasesRoot() {
  return (
    <>
      <PurchasePopupDialog />
      <ConfirmPurchaseDialog />
      <SinglePurchaseConfirmDialog />
      <OneTimePaymentDialog />
      <PurchaseResultDialog />
      <DeviceNotSupportedDialog />
      <GenericErrorDialog />
      <MediaPlayer />
      <PurchaseLoader />
    </>
  );
}
