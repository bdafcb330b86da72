/** The collection an article belongs to and its tracks or episodes, each opening its own editor. */
import { Link } from 'react-router';
import { Section } from '@/admin/components/fields';
import { contentTypeName } from '@/admin/lib/content-names';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { AdminArticle } from '../catalog-api';

export function ArticleRelations({ article }: { article: AdminArticle }) {
  const { t } = useAdminI18n();
  if (!article.parent && article.children.length === 0) return null;
  return (
    <Section title={t('catalog.editor.relations')}>
      {article.parent && (
        <p className="mb-2">
          {t('catalog.editor.belongsTo')}{' '}
          <Link to={`/catalog/${article.parent.id}`} className="text-primary underline-offset-2 hover:underline">
            {article.parent.title || `#${article.parent.id}`}
          </Link>
        </p>
      )}
      {article.children.length > 0 && (
        <>
          <p className="mb-2">{t('catalog.editor.children', { count: article.children.length })}</p>
          <ol className="list-decimal ps-6">
            {article.children.map((c) => (
              <li key={c.id}>
                <Link to={`/catalog/${c.id}`} className="text-primary underline-offset-2 hover:underline">
                  {c.title || `#${c.id}`}
                </Link>{' '}
                <span className="text-sm text-muted">
                  {contentTypeName(c.contentType, t)} · {t(`catalog.state.${c.state}` as AdminKey)}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Section>
  );
}
