/** An article's title and description in each language, a tab per language (a sign marks a language still without a title). */
import { useState } from 'react';
import { LANGUAGES, getDirection, type LanguageCode } from '@/config/languages';
import { Field, INPUT_CLASS, TEXTAREA_CLASS } from '@/admin/components/fields';
import { LanguageTabs } from '@/admin/components/language-tabs';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { texts, withEntry, withValue } from '../article-model';
import type { ArticleObject } from '../catalog-api';

export function ArticleTexts({ doc, onChange, errorOf: fieldError }: { doc: ArticleObject; onChange: (doc: ArticleObject) => void; errorOf: (field: string) => string | undefined }) {
  const { t } = useAdminI18n();
  const [active, setActive] = useState<LanguageCode>('en');
  const titles = texts(doc, 'title');
  const descriptions = texts(doc, 'description');
  const set = (key: 'title' | 'description', lang: LanguageCode, value: string) => {
    const current = withEntry(texts(doc, key), lang, value);
    onChange(withValue(doc, key, Object.keys(current).length ? current : undefined));
  };
  return (
    <div>
      <LanguageTabs
        active={active}
        onChange={setActive}
        label={t('catalog.editor.languages')}
        idPrefix="catalog"
        panelFor={(code) => `catalog-panel-${code}`}
        mark={(code) => (titles[code] ? '' : ' ·')}
      />
      {LANGUAGES.filter((l) => l.code === active).map((l) => (
        <div key={l.code} role="tabpanel" id={`catalog-panel-${l.code}`} aria-labelledby={`catalog-tab-${l.code}`} className="grid gap-x-4">
          <Field label={t('catalog.editor.title')} error={fieldError('title')}>
            {(fieldIds) => <input {...fieldIds} name={`title-${l.code}`} lang={l.code} dir={getDirection(l.code)} className={INPUT_CLASS} value={titles[l.code] ?? ''} onChange={(e) => set('title', l.code, e.target.value)} />}
          </Field>
          <Field label={t('catalog.editor.description')} error={fieldError('description')}>
            {(fieldIds) => <textarea {...fieldIds} name={`description-${l.code}`} lang={l.code} dir={getDirection(l.code)} className={TEXTAREA_CLASS} value={descriptions[l.code] ?? ''} onChange={(e) => set('description', l.code, e.target.value)} />}
          </Field>
        </div>
      ))}
    </div>
  );
}
