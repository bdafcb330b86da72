/** /profile/info-service-subscriptions: the caller's info services (issue 15). */
import { InfoSubscriptionsView } from '@/features/info-services/components/info-subscriptions-view';
import { PageFrame } from './page-frame';

export default function ProfileInfoServicesPage() {
  return (
    <PageFrame>
      <InfoSubscriptionsView />
    </PageFrame>
  );
}
