/**
 * A list of short texts edited as a list (issue 73 item 5: a plan's bullet points per language, its categories): a
 * field per item, each moved up or down or removed by its buttons (named with its number, so a keyboard or a screen
 * reader user knows which), and one added at the end, whose field then takes the focus. The caller keeps the items
 * (blank ones too, while they are typed); lib/text-list.ts turns them into the stored JSON list.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { movedItem } from '@/admin/lib/text-list';

export function ListEditor(props: { legend: string; items: readonly string[]; onChange: (items: string[]) => void; lang?: string; dir?: 'ltr' | 'rtl'; error?: string | undefined; disabled?: boolean }) {
  const { legend, items, onChange, lang, dir, error, disabled = false } = props;
  const { t } = useAdminI18n();
  const ids = useId();
  const list = useRef<HTMLOListElement>(null);
  /** The item whose field takes the focus after the next render (one just added). */
  const focusNext = useRef<number | null>(null);
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    if (focusNext.current === null) return;
    list.current?.querySelectorAll<HTMLInputElement>('input')[focusNext.current]?.focus();
    focusNext.current = null;
  });
  const move = (from: number, to: number) => {
    onChange(movedItem(items, from, to));
    setAnnounce(t('listEditor.moved', { n: from + 1, to: to + 1 }));
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? `${ids}-error` : undefined} data-list-editor="">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {items.length === 0 && <p className="text-sm text-muted">{t('listEditor.empty')}</p>}
      <ol ref={list} className="flex flex-col gap-2">
        {items.map((item, index) => (
          <li key={index} className="flex min-w-0 items-center gap-1">
            <input
              aria-label={t('listEditor.item', { n: index + 1 })}
              lang={lang}
              dir={dir}
              disabled={disabled}
              className={`${INPUT_CLASS} min-w-0 flex-1`}
              value={item}
              onChange={(e) => onChange(items.map((old, i) => (i === index ? e.target.value : old)))}
            />
            <Button variant="ghost" className="h-11 px-3" disabled={disabled || index === 0} aria-label={t('listEditor.up', { n: index + 1 })} onClick={() => move(index, index - 1)}>
              <span aria-hidden="true">↑</span>
            </Button>
            <Button variant="ghost" className="h-11 px-3" disabled={disabled || index === items.length - 1} aria-label={t('listEditor.down', { n: index + 1 })} onClick={() => move(index, index + 1)}>
              <span aria-hidden="true">↓</span>
            </Button>
            <Button
              variant="ghost"
              className="h-11 px-3"
              disabled={disabled}
              aria-label={t('listEditor.remove', { n: index + 1 })}
              onClick={() => {
                onChange(items.filter((_, i) => i !== index));
                setAnnounce(t('listEditor.removed', { n: index + 1 }));
              }}
            >
              <span aria-hidden="true">✕</span>
            </Button>
          </li>
        ))}
      </ol>
      {error && (
        <p id={`${ids}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div>
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => {
            onChange([...items, '']);
            focusNext.current = items.length;
          }}
        >
          {t('listEditor.add')}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announce}
      </p>
    </fieldset>
  );
}
