/**
 * Every subscription dialog, rendered once by the app's commerce dialogs (loaded the first time a
 * dialog opens, issue 14). The store sync, purchase-return handling and the flow's loader live in
 * SubscriptionsHost (subscriptions-host.tsx).
 */
import { ApiFlowDialog } from '../dialogs/api-flow-dialog';
import { CancelSubscriptionDialog, CancelSubscriptionV2Dialog } from '../dialogs/cancel-dialogs';
import { DoubleOptInDialog } from '../dialogs/double-opt-in-dialog';
import { EndOfSubscriptionDialog, EndOfSubscriptionRedirectDialog } from '../dialogs/end-of-subscription-dialogs';
import { FeedbackDialog } from '../dialogs/feedback-dialog';
import { IdentityFieldsDialog } from '../dialogs/identity-fields-dialog';
import { CreditExpirationDialog, InactiveSubscriptionDialog, LoginSubscriptionErrorDialog, PurchasedPopup } from '../dialogs/info-dialogs';
import { PartnerSubscriptionDialog } from '../dialogs/partner-subscription-dialog';
import { PaymentOptionsDialog } from '../dialogs/payment-options-dialog';
import { SubscribeDecideDialog } from '../dialogs/subscribe-decide-dialog';
import { SubscribePopupDialog } from '../dialogs/subscribe-popup-dialog';

export function SubscriptionDialogs() {
  return (
    <>
      <SubscribePopupDialog />
      <SubscribeDecideDialog />
      <PaymentOptionsDialog />
      <DoubleOptInDialog />
      <ApiFlowDialog />
      <FeedbackDialog />
      <EndOfSubscriptionDialog />
      <EndOfSubscriptionRedirectDialog />
      <CancelSubscriptionDialog />
      <CancelSubscriptionV2Dialog />
      <CreditExpirationDialog />
      <PurchasedPopup />
      <InactiveSubscriptionDialog />
      <IdentityFieldsDialog />
      <LoginSubscriptionErrorDialog />
      <PartnerSubscriptionDialog />
    </>
  );
}
