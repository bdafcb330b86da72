/** The article an upload is for: its id typed in, or found by its title in the console's catalog (unpublished ones too). */
import { ArticleSearch } from '@/admin/components/article-search';
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import { CATALOG_SEARCH_MESSAGES, findInCatalog } from '@/admin/lib/catalog-search-api';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';

export function ArticlePicker({ value, onChange }: { value: string; onChange: (id: string, title?: string) => void }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  return (
    <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
      <Field className="min-w-0" label={t('media.articleId')} hint={t('media.articleIdHint')}>
        {(f) => <input {...f} name="articleId" inputMode="numeric" dir="ltr" required className={INPUT_CLASS} value={value} onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))} />}
      </Field>
      <ArticleSearch
        label={t('media.findArticle')}
        find={(term) => findInCatalog(api, term, lang)}
        source="catalog"
        messages={CATALOG_SEARCH_MESSAGES}
        chosen={new Set(value ? [Number(value)] : [])}
        onPick={(hit) => onChange(String(hit.id), hit.title)}
      />
    </div>
  );
}
