/** The search field: debounced typing updates the query; Enter searches at once; a clear button. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  value: string;
  /** Called with the settled term (after the debounce, or at once on Enter / clear). */
  onSearch: (term: string, immediate: boolean) => void;
}

export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  if (value !== lastValue) {
    // The address changed (back/forward, a recent search): show it.
    setLastValue(value);
    setText(value);
  }
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const schedule = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next, false), SEARCH_DEBOUNCE_MS);
  };

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        onSearch(text, true);
      }}
      className="relative"
    >
      <label className="sr-only" htmlFor="catalog-search">
        {t('search.label')}
      </label>
      <input
        id="catalog-search"
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        placeholder={t('search.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          schedule(event.target.value);
        }}
        className="w-full rounded-2xl border border-border bg-surface py-3 ps-5 pe-14 text-lg text-text shadow-sm outline-none placeholder:text-muted focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 [&::-webkit-search-cancel-button]:hidden"
      />
      {text !== '' && (
        <IconButton
          label={t('search.clear')}
          className="absolute end-2 top-1/2 -translate-y-1/2"
          onClick={() => {
            setText('');
            if (timer.current) clearTimeout(timer.current);
            onSearch('', true);
          }}
        >
          <CloseIcon />
        </IconButton>
      )}
    </form>
  );
}
