/** /partners/info-services/:name: one info service (issue 15). */
import { InfoServiceView } from '@/features/info-services/components/info-service-view';
import { PageFrame } from './page-frame';

export default function InfoServicePage() {
  return (
    <PageFrame>
      <InfoServiceView />
    </PageFrame>
  );
}
