/** Every dialog of the commerce runtime, loaded the first time one opens (commerce-runtime.tsx). */
import { LoginOptionsDialog } from '@/features/identity/dialogs/login-options-dialog';
import { LoginOrSignUpDialog } from '@/features/identity/dialogs/login-or-sign-up-dialog';
import { SessionExpiredDialog, WifiLoginNotSupportedDialog } from '@/features/identity/dialogs/session-dialogs';
import { ExternalRedirectDialog } from '@/features/dialogs/external-redirect-dialog';
import { CustomFeedbackDialog, GenericErrorDialog } from '@/features/dialogs/feedback-dialogs';
import { GameDialogs } from '@/features/games/components/game-dialogs-root';
import { AppInstallerDialog } from '@/features/install/dialogs/app-installer-dialog';
import { PurchaseDialogs } from '@/features/purchases/components/purchase-dialogs';
import { SubscriptionDialogs } from '@/features/subscriptions/components/subscription-dialogs';
import { VoucherDialogs } from '@/features/vouchers/dialogs/voucher-dialogs';

export function CommerceDialogs() {
  return (
    <>
      <LoginOptionsDialog />
      <LoginOrSignUpDialog />
      <SubscriptionDialogs />
      <PurchaseDialogs />
      <GameDialogs />
      <VoucherDialogs />
      <SessionExpiredDialog />
      <WifiLoginNotSupportedDialog />
      <GenericErrorDialog />
      <CustomFeedbackDialog />
      <ExternalRedirectDialog />
      <AppInstallerDialog />
    </>
  );
}
