/** /apps/profile (protected): the apps the caller granted access to (issue 15). */
import { GrantedAppsView } from '@/features/apps/components/granted-apps-view';
import { PageFrame } from './page-frame';

export default function AppsProfilePage() {
  return (
    <PageFrame>
      <GrantedAppsView />
    </PageFrame>
  );
}
