/** /reward (protected): the caller's tickets, the challenges that earn them, and the ledger (issue 15). */
import { RewardsView } from '@/features/challenges/components/rewards-view';
import { PageFrame } from './page-frame';

export default function RewardPage() {
  return (
    <PageFrame wide>
      <RewardsView />
    </PageFrame>
  );
}
