import { useTranslation } from '@/lib/use-translation';
import { Outlet } from 'react-router';
import { ContentContainer } from '@/components/layouts/content-container';
import { SkipLink } from '@/components/layouts/skip-link';
import { MiniPlayerSpacer } from '@/features/streaming/components/mini-player-spacer';
import { AnnouncementBar } from './announcement-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MiniPlayerSlot } from '../commerce-slots';

/** The announcement, header, page, footer. */
export function DefaultLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-text">
      <SkipLink label={t('site.skipToContent')} />
      <AnnouncementBar />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 py-6 outline-none sm:py-8">
        <ContentContainer>
          <Outlet />
        </ContentContainer>
      </main>
      <SiteFooter />
      {/* The mini player is fixed to the bottom; the spacer keeps the footer's end reachable above it. */}
      <MiniPlayerSpacer />
      <MiniPlayerSlot />
    </div>
  );
}
