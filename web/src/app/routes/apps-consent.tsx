/** /apps/consent/:id (protected): grant or refuse an app's requested access (issue 15). */
import { useParams } from 'react-router';
import { ConsentView } from '@/features/apps/components/consent-view';
import { PageFrame } from './page-frame';

export default function AppsConsentPage() {
  const { id } = useParams();
  return (
    <PageFrame narrow>
      <ConsentView key={id} id={id} />
    </PageFrame>
  );
}
