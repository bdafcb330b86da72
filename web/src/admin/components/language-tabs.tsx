/**
 * Tabs of the six languages (WAI-ARIA tabs): one tab stop, the arrow keys (in the page's direction), Home and
 * End move between them. Each tab is `${idPrefix}-tab-${code}` and controls the panel `panelFor(code)` names;
 * `mark` adds a sign after a language's name (a text still missing in it).
 */
import { useRef, type KeyboardEvent } from 'react';
import { LANGUAGES, type LanguageCode } from '@/config/languages';

export function LanguageTabs(props: {
  active: LanguageCode;
  onChange: (lang: LanguageCode) => void;
  label: string;
  idPrefix: string;
  panelFor: (lang: LanguageCode) => string;
  mark?: (lang: LanguageCode) => string;
  small?: boolean;
}) {
  const { active, onChange, label, idPrefix, panelFor, mark, small = false } = props;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = LANGUAGES.findIndex((l) => l.code === active);
    const rtl = document.documentElement.dir === 'rtl';
    const step = e.key === 'ArrowRight' ? (rtl ? -1 : 1) : e.key === 'ArrowLeft' ? (rtl ? 1 : -1) : e.key === 'Home' ? -at : e.key === 'End' ? LANGUAGES.length - 1 - at : 0;
    if (!step) return;
    e.preventDefault();
    const next = (at + step + LANGUAGES.length) % LANGUAGES.length;
    const language = LANGUAGES[next];
    if (language) onChange(language.code);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="mb-4 flex flex-wrap gap-2" onKeyDown={onKey}>
      {LANGUAGES.map((l, i) => (
        <button
          key={l.code}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${l.code}`}
          aria-selected={active === l.code}
          aria-controls={panelFor(l.code)}
          tabIndex={active === l.code ? 0 : -1}
          lang={l.code}
          onClick={() => onChange(l.code)}
          className={`rounded-xl font-semibold focus-visible:outline-2 focus-visible:outline-accent ${small ? 'px-3 py-1.5 text-sm' : 'px-4 py-2'} ${active === l.code ? 'bg-primary text-primary-contrast' : 'border border-border text-text'}`}
        >
          {l.name}
          {mark?.(l.code)}
        </button>
      ))}
    </div>
  );
}
