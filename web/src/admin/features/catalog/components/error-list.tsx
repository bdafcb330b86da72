/** A refused write's or import's field errors (400 VALIDATION_ERROR), each with its article where the import names one. */
import { Ltr } from '@/components/ui/ltr-text';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { FieldError } from '../catalog-api';

export function ErrorList({ errors }: { errors: FieldError[] }) {
  const { t } = useAdminI18n();
  return (
    <ul className="mt-2 list-disc ps-6" data-testid="catalog-errors">
      {errors.map((e, i) => (
        <li key={`${e.field}-${i}`}>
          {e.articleId != null && <span className="font-semibold">{t('catalog.article', { id: e.articleId })}: </span>}
          <code dir="ltr">{e.field}</code> <Ltr>{e.reason}</Ltr>
        </li>
      ))}
    </ul>
  );
}
