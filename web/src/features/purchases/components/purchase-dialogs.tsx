/**
 * Every purchase dialog and the full-media player, rendered once by the app's commerce dialogs (loaded
 * the first time a dialog opens, issue 14). The flow's loader is PurchaseLoader (purchase-loader.tsx).
 */
import { OneTimePaymentDialog } from '../dialogs/one-time-payment-dialog';
import { ConfirmPurchaseDialog, PurchasePopupDialog } from '../dialogs/purchase-popup-dialog';
import { DeviceNotSupportedDialog, PurchaseResultDialog, SinglePurchaseConfirmDialog } from '../dialogs/result-dialogs';
import { MediaPlayer } from './media-player';

export function PurchaseDialogs() {
  return (
    <>
      <PurchasePopupDialog />
      <ConfirmPurchaseDialog />
      <SinglePurchaseConfirmDialog />
      <OneTimePaymentDialog />
      <PurchaseResultDialog />
      <DeviceNotSupportedDialog />
      <MediaPlayer />
    </>
  );
}
