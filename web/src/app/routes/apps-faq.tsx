/** /apps/faq: questions about apps (issue 15). */
import { AppsFaq } from '@/features/apps/components/apps-faq';
import { PageFrame } from './page-frame';

export default function AppsFaqPage() {
  return (
    <PageFrame>
      <AppsFaq />
    </PageFrame>
  );
}
