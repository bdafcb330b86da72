/**
 * The search box of the header and the mobile menu (WAI-ARIA combobox with a listbox popup): an
 * empty, focused box offers the recent searches; typing offers the catalog's best matches (debounced,
 * GET /search) with their type. Arrow keys move through the options, Enter opens the active one or
 * searches the text on /search?q=…, Escape closes the list (a second Escape clears the text).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from 'react-router';
import { HistoryIcon, SearchIcon } from '@/components/ui/menu-icons';
import { getHref } from '@/config/paths';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { searchArticles } from '../api/search-articles';
import { rememberSearch, useRecentSearches } from '../recent-search';
import type { SearchHit } from '../types';

export const SUGGEST_DEBOUNCE_MS = 250;
export const SUGGEST_LIMIT = 6;

type Option = { kind: 'recent'; term: string } | { kind: 'hit'; hit: SearchHit } | { kind: 'all'; term: string };

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

interface HeaderSearchProps {
  /** Called after the box navigated (the mobile menu closes). */
  onNavigate?: () => void;
  className?: string;
}

export function HeaderSearch({ onNavigate, className = '' }: HeaderSearchProps) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const recent = useRecentSearches();
  const term = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  const typed = text.trim();
  const suggestions = useQuery({
    queryKey: ['search', 'suggest', term, lang] as const,
    queryFn: () => searchArticles(term, lang, undefined, 0, SUGGEST_LIMIT),
    enabled: open && term !== '',
    staleTime: 60_000,
  });

  const options: Option[] =
    typed === ''
      ? [...recent].reverse().map((item) => ({ kind: 'recent', term: item }))
      : [
          ...(term === typed ? (suggestions.data?.entries ?? []) : []).map((hit): Option => ({ kind: 'hit', hit })),
          { kind: 'all', term: typed },
        ];
  const expanded = open && options.length > 0;
  const activeIndex = active < options.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (path: string) => {
    close();
    input.current?.blur();
    onNavigate?.();
    void navigate(localize(path));
  };
  const searchFor = (value: string) => {
    const q = value.trim();
    if (q === '') return;
    rememberSearch(q);
    setText(q);
    go(getHref('search', {}, { query: { q } }));
  };
  const choose = (option: Option) => {
    if (option.kind === 'hit') {
      if (typed !== '') rememberSearch(typed);
      setText('');
      go(option.hit.href !== '' ? option.hit.href : getHref('search', {}, { query: { q: option.hit.title } }));
    } else {
      searchFor(option.term);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) setOpen(true);
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => {
          const from = current < options.length ? current : -1;
          if (from === -1) return step === 1 ? 0 : options.length - 1;
          return (from + step + options.length) % options.length;
        });
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const option = expanded && activeIndex >= 0 ? options[activeIndex] : undefined;
        if (option) choose(option);
        else searchFor(text);
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (text !== '') {
          event.preventDefault();
          event.stopPropagation();
          setText('');
        }
        return;
      default:
    }
  };

  return (
    <div
      className={`relative ${className}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <form
        role="search"
        aria-label={t('search.headerPlaceholder')}
        onSubmit={(event) => {
          event.preventDefault();
          searchFor(text);
        }}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('search.label')}
        </label>
        <SearchIcon className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          placeholder={t('search.headerPlaceholder')}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-full border border-border bg-bg py-2 ps-10 pe-4 text-sm text-text outline-none placeholder:text-muted focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 [&::-webkit-search-cancel-button]:hidden"
        />
      </form>
      <div
        className={`absolute inset-x-0 top-full z-50 mt-2 min-w-72 overflow-hidden rounded-2xl border border-border bg-surface text-text shadow-xl ${expanded ? '' : 'hidden'}`}
      >
        {typed === '' && <p className="px-4 pt-3 pb-1 text-xs font-bold tracking-wide text-muted uppercase">{t('search.recent')}</p>}
        <ul id={listId} role="listbox" aria-label={typed === '' ? t('search.recent') : t('search.suggestions')} className="max-h-[70vh] overflow-y-auto py-1">
          {options.map((option, index) => (
            <li
              key={option.kind === 'hit' ? `hit-${option.hit.id}` : `${option.kind}-${option.term}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-center gap-3 px-4 py-2 text-sm ${index === activeIndex ? 'bg-primary/10 text-primary' : ''}`}
            >
              {option.kind === 'hit' ? (
                <>
                  {option.hit.imageUrl ? (
                    <img src={option.hit.imageUrl} alt="" className="size-9 shrink-0 rounded-md object-cover" loading="lazy" />
                  ) : (
                    <span aria-hidden="true" className="size-9 shrink-0 rounded-md bg-border" />
                  )}
                  <span className="flex min-w-0 flex-col">
                    <bdi className="truncate font-semibold">{option.hit.title}</bdi>
                    <span className="truncate text-xs text-muted">{t(`catalog.types.${option.hit.contentType}`, { defaultValue: t('catalog.types.other') })}</span>
                  </span>
                </>
              ) : option.kind === 'recent' ? (
                <>
                  <HistoryIcon className="shrink-0 text-muted" />
                  <bdi className="truncate">{option.term}</bdi>
                </>
              ) : (
                <>
                  <SearchIcon className="shrink-0 text-muted" />
                  <span className="truncate">
                    {t('search.searchFor')} <bdi className="font-semibold">{option.term}</bdi>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
        {typed !== '' && term === typed && suggestions.isFetching && (
          <p role="status" className="px-4 pb-2 text-xs text-muted">
            {t('catalog.loading')}
          </p>
        )}
      </div>
    </div>
  );
}
