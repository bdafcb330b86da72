/** A section's categories as chips (top level, children indented after their parent): links to the category pages. */
import { useTranslation } from '@/lib/use-translation';
import { SmartLink } from '@/components/ui/smart-link';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { useCategories } from '../api/get-categories';
import { orderCategories } from '../category-tree';
import type { Category } from '../types';

interface CategoryChipsProps {
  section: string;
  /** Where a category leads. */
  hrefOf: (category: Category) => string;
  /** The chip for everything in the section. */
  allHref?: string;
  activeId?: string | null;
}

export function CategoryChips({ section, hrefOf, allHref, activeId }: CategoryChipsProps) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const categories = useCategories(section);
  if (categories.isPending) {
    return (
      // The height of the chips' row (a chip and the scrollbar's room), so nothing moves when they come.
      <div className="-mx-4 flex gap-2 overflow-hidden px-4 pb-2" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((index) => <Skeleton key={index} className="h-[2.125rem] w-24 shrink-0 rounded-full" />)}
      </div>
    );
  }
  if (categories.isError || categories.data.length === 0) return null;
  const chip = (active: boolean) =>
    `inline-flex shrink-0 items-center gap-1.5 rounded-full border px-4 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-accent ${
      active ? 'border-primary bg-primary text-primary-contrast' : 'border-border bg-surface text-text hover:border-primary'
    }`;
  return (
    // One row on every screen, scrolled sideways when it is longer than the page: wrapped, its second row would move the
    // cards under it after the first render (and the server's first view, app/first_view.cpp, reserves one row). The
    // nav keeps the placeholders' height: a device's classic scrollbar hangs into the gap below instead of moving them.
    <nav aria-label={t('catalog.categories')} className="h-[2.625rem]">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin]">
        {allHref && (
          <li className="shrink-0">
            <SmartLink href={allHref} className={chip(!activeId)}>{t('catalog.allCategories')}</SmartLink>
          </li>
        )}
        {orderCategories(categories.data).map(({ category, depth }) => (
          // Chips keep their width (one line each), so the row has one height while loading and after.
          <li key={category.id} className={`shrink-0 ${depth > 0 ? 'ms-2' : ''}`}>
            <SmartLink href={hrefOf(category)} className={chip(activeId === category.id)}>
              {category.title}
              {typeof category.count === 'number' && <span className="text-xs opacity-75">{formatNumber(category.count, lang)}</span>}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
