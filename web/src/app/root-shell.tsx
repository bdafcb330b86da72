/** Wraps every page: scroll handling, document title, build polling and the cookie banner. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { SCROLL_WAIT_MS } from '@/config/env';
import { useBuildPolling } from '@/features/build-refresh/hooks/use-build-polling';
import { ConsentBanner } from '@/features/consent/components/consent-banner';
import { isRouteHandle } from './route-handle';
import { useSiteName } from './use-site-name';

/** A URL hash scrolls to its anchor, also when the anchor renders a moment after the page. */
function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, SCROLL_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key]);
}

function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const siteName = useSiteName();
  const handle = [...matches].reverse().map((match) => match.handle).find(isRouteHandle);
  const title = handle ? t(handle.route.titleKey) : '';
  useEffect(() => {
    if (title) document.title = siteName ? `${title} | ${siteName}` : title;
  }, [title, siteName]);
}

export function RootShell() {
  useBuildPolling();
  useHashScroll();
  useDocumentTitle();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <ConsentBanner />
    </>
  );
}
