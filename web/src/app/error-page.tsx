/**
 * The full-page error screen (spec §2 "The error screen"): 404 shows notFound.head/desc; any
 * other status shows {code}.head/desc, falling back to defaultError. The get-started button leads
 * to the tenant's home URL. The document title is the heading. Nothing shows until the tenant
 * colours are known. It works outside the router too (fatal errors), so it uses no router hooks.
 */
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { buttonClass } from '@/components/ui/button-class';
import { MessageWithLtr } from '@/components/ui/ltr-text';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@/config/languages';
import { localizePath, splitLanguagePrefix } from '@/config/paths';
import { reportErrorPageView } from '@/features/events/api/report-event';
import { formatDigits } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useOnce } from '@/lib/use-once';

type TextKey = 'defaultError.head' | 'defaultError.desc';

export interface ErrorPageProps {
  status: number;
  /** The path that was not found (404 only). */
  path?: string;
}

function homeHref(homeUrl: string, lang: string): string {
  if (!homeUrl.startsWith('/') || homeUrl.startsWith('//')) return homeUrl;
  const prefixed = typeof window !== 'undefined' && splitLanguagePrefix(window.location.pathname).lang !== null;
  const target = isLanguageCode(lang) && (lang !== DEFAULT_LANGUAGE || prefixed) ? lang : null;
  return localizePath(homeUrl, target);
}

export function ErrorPage({ status, path }: ErrorPageProps) {
  const { t, i18n } = useTranslation();
  const lang = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const colorsReady = usePortalStore((state) => state.colorsReady);
  const homeUrl = usePortalStore((state) => state.configs.links?.homeUrl) ?? '/';
  const parentalActive = usePortalStore((state) => state.parentalConfig?.active === true);
  const notFound = status === 404;

  // {code}.head exists for some statuses only; the keys are checked at run time.
  const text = (part: 'head' | 'desc'): string => {
    if (notFound) return part === 'head' ? t('notFound.head') : t('notFound.desc');
    const key = `${status}.${part}`;
    return i18n.exists(key) ? t(key as TextKey) : t(`defaultError.${part}`);
  };
  const heading = text('head');

  useEffect(() => {
    document.title = heading;
  }, [heading]);

  // Spec §4: the first view of the error screen is reported once.
  useOnce(() => void reportErrorPageView(status, path ?? window.location.pathname));

  return (
    <main
      data-testid="error-page"
      data-status={status}
      style={{ visibility: colorsReady ? 'visible' : 'hidden' }}
      className="flex min-h-dvh flex-col items-center justify-center bg-bg px-6 py-16 text-center text-text"
    >
      <p className="text-8xl font-black leading-none tracking-tight text-primary tabular-nums sm:text-9xl">{formatDigits(status, lang)}</p>
      <h1 className="mt-6 text-2xl font-bold sm:text-3xl">{heading}</h1>
      <p className="mt-3 max-w-md text-muted">{text('desc')}</p>
      {notFound && path && (
        <p className="mt-2 max-w-md break-all text-sm text-muted">
          <MessageWithLtr message={(placeholder) => t('error.pageNotFound', { path: placeholder })} value={path} />
        </p>
      )}
      {parentalActive && <p className="mt-4 max-w-md rounded-xl border border-border bg-surface px-4 py-3 text-sm">{t('error.parentalControl')}</p>}
      <a href={homeHref(homeUrl, lang)} data-not-found={notFound ? 'true' : undefined} className={buttonClass('primary', 'mt-8')}>
        {t('error.btnText')}
      </a>
    </main>
  );
}
