/** /apps/manage: the caller's own apps (issue 15). */
import { MyAppsView } from '@/features/apps/components/my-apps-view';
import { PageFrame } from './page-frame';

export default function AppsManagePage() {
  return (
    <PageFrame>
      <MyAppsView />
    </PageFrame>
  );
}
