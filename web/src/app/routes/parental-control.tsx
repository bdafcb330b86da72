/** /parentalControl (commerce §3 "Parental control account"): set up, change or reset parental control. */
import { ParentalControlView } from '@/features/parental-control/components/parental-control-view';
import { PageFrame } from './page-frame';

export default function ParentalControlPage() {
  return (
    <PageFrame narrow>
      <ParentalControlView />
    </PageFrame>
  );
}
