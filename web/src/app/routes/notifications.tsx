/** /notifications: the caller's notifications (issue 15). */
import { NotificationsView } from '@/features/notifications/components/notifications-view';
import { PageFrame } from './page-frame';

export default function NotificationsPage() {
  return (
    <PageFrame>
      <NotificationsView />
    </PageFrame>
  );
}
