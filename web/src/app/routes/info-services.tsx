/** /partners/info-services: the tenant's info services with today's lines (issue 15). */
import { InfoServicesView } from '@/features/info-services/components/info-services-view';
import { PageFrame } from './page-frame';

export default function InfoServicesPage() {
  return (
    <PageFrame wide>
      <InfoServicesView />
    </PageFrame>
  );
}
