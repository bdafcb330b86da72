/** The common frame of the account pages: the route's translated title and description. */
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useMatches } from 'react-router';
import { isRouteHandle } from '../route-handle';

export function PageFrame({ children, narrow = false, wide = false }: { children: ReactNode; narrow?: boolean; wide?: boolean }) {
  const { t } = useTranslation();
  const handle = [...useMatches()].reverse().map((match) => match.handle).find(isRouteHandle);
  return (
    <section data-page={handle?.route.page} className={`mx-auto flex w-full flex-col gap-6 py-6 sm:py-10 ${narrow ? 'max-w-xl' : wide ? 'max-w-7xl' : 'max-w-4xl'}`}>
      {handle && (
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere] hyphens-auto sm:text-4xl">{t(handle.route.titleKey)}</h1>
          <p className="text-lg text-muted">{t(handle.route.descriptionKey)}</p>
        </header>
      )}
      {children}
    </section>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl border border-border bg-surface p-5 sm:p-6 ${className}`}>{children}</div>;
}
