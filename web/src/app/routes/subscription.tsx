/**
 * /subscription: the tenant's plans grouped by category, with the subscribe flow on every plan. The page shows without
 * the commerce runtime: its buttons start their flows through it on the press (`withCommerce`, issue 77 item 6).
 */
import { SubscriptionPlans } from '@/features/subscriptions/components/subscription-plans';
import { withCommerce } from '../commerce-loader';
import { PageFrame } from './page-frame';

export default function SubscriptionPage() {
  return (
    <PageFrame wide>
      <SubscriptionPlans start={withCommerce} />
    </PageFrame>
  );
}
