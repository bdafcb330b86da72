/**
 * The language switcher of the header. Its Radix dropdown menu loads on first use (issue 14): until
 * then a button with the same look stands in; pointing at it or focusing it starts the download,
 * pressing it (click, Enter, Space, ArrowDown) puts the menu in its place, open. It lists the
 * languages the tenant offers.
 */
import type { ButtonHTMLAttributes, KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';
import { getLanguage, offeredLanguages } from '@/config/languages';
import { useDeferredPart } from '@/lib/lazy-part';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';

const loadPopup = () => import('./language-menu-popup');

function LanguageTrigger(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  return (
    <button
      type="button"
      aria-label={t('language.current', { language: getLanguage(current).name, code: current.toUpperCase() })}
      className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-text hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent data-[state=open]:bg-surface"
      {...props}
    >
      <GlobeIcon />
      <span className="uppercase">{current}</span>
      <ChevronDownIcon className="size-4" />
    </button>
  );
}

/** Nothing when the tenant offers one language: there is nothing to switch to. */
export function LanguageMenu() {
  const popup = useDeferredPart(loadPopup);
  const single = usePortalStore((state) => offeredLanguages(state.configs).length < 2);
  if (single) return null;
  if (popup.module && popup.requested) return <popup.module.LanguageMenuPopup trigger={<LanguageTrigger />} />;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      popup.request();
    }
  };
  return <LanguageTrigger aria-haspopup="menu" aria-expanded={false} onPointerEnter={popup.prefetch} onFocus={popup.prefetch} onClick={popup.request} onKeyDown={onKeyDown} />;
}
