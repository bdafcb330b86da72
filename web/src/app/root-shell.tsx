/** Wraps every page: scroll handling, document title, build polling, the cookie banner, the welcome popup, dialogs (loaded on first use) and snackbars. */
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { SCROLL_WAIT_MS } from '@/config/env';
import { useBuildPolling } from '@/features/build-refresh/hooks/use-build-polling';
import { SnackbarHost } from '@/components/ui/snackbar-host';
import { ConsentBanner } from '@/features/consent/components/consent-banner';
import { allowsAnalytics } from '@/features/consent/consent-cookies';
import { useConsent } from '@/features/consent/consent-store';
import { useAppInstall } from '@/features/install/hooks/use-app-install';
import { useAccountTheme } from '@/features/theme/hooks/use-account-theme';
import { closeRouteDialogs } from '@/lib/dialogs';
import { lazyPart } from '@/lib/lazy-part';
import { rememberPath } from '@/lib/previous-path';
import { CommerceRuntimeSlot } from './commerce-slots';
import { isRouteHandle } from './route-handle';
import { useSiteName } from './use-site-name';
import { operatorDescription, operatorTabTitle, usePageTitle } from '@/lib/page-title';
import { usePortalStore } from '@/lib/store';
import { inStructurePreview } from '@/lib/structure-preview-protocol';
import { useCurrentLanguage } from '@/lib/use-language';
import { applyDocumentHead } from './document-head';
import { scrollKey } from './scroll-key';

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

/** A route change closes the dialogs commerce §2 lists. */
function useRouteDialogClosing(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    // Only a change of page closes them: a dialog opened while the first page mounts (e.g. the
    // purchase-return feedback) stays open.
    if (previous.current === pathname) return;
    previous.current = pathname;
    closeRouteDialogs();
  }, [pathname]);
}

/** Keeps the previous page's path (lib/previous-path.ts). */
function usePathHistory(): void {
  const { pathname } = useLocation();
  useEffect(() => rememberPath(pathname), [pathname]);
}

/**
 * The document's title and the head tags the server wrote for the first page (document-head.ts): each page's own
 * (an item's description), else the operator's (the tenant's description, the sign-in pages' meta data), else the
 * route's words.
 */
function useDocumentHead(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  const siteName = useSiteName();
  const handle = [...matches].reverse().map((match) => match.handle).find(isRouteHandle);
  const override = usePageTitle((state) => state.title);
  const ownDescription = usePageTitle((state) => state.description);
  const lang = useCurrentLanguage();
  const configs = usePortalStore((state) => state.configs);
  // A page's own name (an album) keeps its place; else the operator's words for the page stand alone.
  const operator = override === null && handle ? operatorTabTitle(configs, handle.route.page, lang) : '';
  const title = override ?? (handle ? t(handle.route.titleKey) : '');
  const fullTitle = operator || (title && siteName ? `${title} | ${siteName}` : title);
  const description = ownDescription ?? (handle ? operatorDescription(configs, handle.route.page, lang) || t(handle.route.descriptionKey) : '');
  useEffect(() => {
    if (fullTitle) document.title = fullTitle;
  }, [fullTitle]);
  useEffect(() => {
    // An unmatched address keeps the error page's head (error-page.tsx).
    if (!handle) return;
    applyDocumentHead(document, { title: fullTitle, description, path: pathname }, configs.publicOrigin);
  }, [handle, fullTitle, description, pathname, configs.publicOrigin]);
}

/** Analytics after consent only: the tenant's tag manager and page views (features/analytics), loaded then. */
const Tracking = lazyPart(() => import('@/features/analytics/components/tracking').then((module) => module.Tracking));
/** The welcome popup opens only once the cookie banner is answered: its code loads then. */
const WelcomePopup = lazyPart(() => import('@/features/dialogs/welcome-popup').then((module) => module.WelcomePopup));

export function RootShell() {
  useBuildPolling();
  useAppInstall();
  useAccountTheme();
  useHashScroll();
  useDocumentHead();
  useRouteDialogClosing();
  usePathHistory();
  const consentAnswered = useConsent((state) => state.consent.status !== 'unset');
  const analyticsAllowed = useConsent((state) => allowsAnalytics(state.consent));
  return (
    <>
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
      {/* The console's preview frame shows the page as drawn, without asking for consent over it. */}
      {!inStructurePreview() && <ConsentBanner />}
      {consentAnswered && !inStructurePreview() && (
        <Suspense fallback={null}>
          <WelcomePopup answered />
        </Suspense>
      )}
      {analyticsAllowed && (
        <Suspense fallback={null}>
          <Tracking />
        </Suspense>
      )}
      {/* The commerce hosts and every dialog, loaded on first use (commerce-loader.ts). */}
      <CommerceRuntimeSlot />
      <SnackbarHost />
    </>
  );
}
