import { Outlet } from 'react-router';
import { MiniPlayerSpacer } from '@/features/streaming/components/mini-player-spacer';
import { MiniPlayerSlot } from '../commerce-slots';

/** Layout turned off: the page alone, edge to edge, in the tenant's colours (and the mini player while music plays). */
export function MarketingLayout() {
  return (
    <>
      <main id="main-content" className="min-h-dvh bg-bg text-text">
        <Outlet />
        <MiniPlayerSpacer />
      </main>
      <MiniPlayerSlot />
    </>
  );
}
