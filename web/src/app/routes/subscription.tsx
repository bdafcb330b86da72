/** /subscription: the tenant's plans grouped by category, with the subscribe flow on every plan. */
import { SubscriptionPlans } from '@/features/subscriptions/components/subscription-plans';
import { PageFrame } from './page-frame';

export default function SubscriptionPage() {
  return (
    <PageFrame wide>
      <SubscriptionPlans />
    </PageFrame>
  );
}
