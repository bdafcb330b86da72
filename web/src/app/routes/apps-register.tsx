/** /apps/register: register an app (issue 15). */
import { RegisterAppView } from '@/features/apps/components/register-app-view';
import { PageFrame } from './page-frame';

export default function AppsRegisterPage() {
  return (
    <PageFrame>
      <RegisterAppView />
    </PageFrame>
  );
}
