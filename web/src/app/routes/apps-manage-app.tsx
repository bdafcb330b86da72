/** /apps/manage/:id: one of the caller's apps (issue 15). */
import { useParams } from 'react-router';
import { ManageAppView } from '@/features/apps/components/manage-app-view';
import { PageFrame } from './page-frame';

export default function AppsManageAppPage() {
  const { id } = useParams();
  return (
    <PageFrame>
      <ManageAppView key={id} id={id} />
    </PageFrame>
  );
}
