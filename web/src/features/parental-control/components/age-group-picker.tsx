/** The grading levels a parent may allow (commerce §5), as one radio group for react-hook-form. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { gradingDirection, gradingLabel } from '@/lib/formatters';
import { AGE_GROUPS } from '../types';

export function AgeGroupPicker({ field, legend }: { field: UseFormRegisterReturn; legend: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {AGE_GROUPS.map((group) => {
          const label = gradingLabel(group);
          return (
            <label
              key={group}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-border px-3 py-2 text-sm font-semibold has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-contrast has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
            >
              <input type="radio" value={String(group)} className="sr-only" {...field} />
              <span dir={gradingDirection(label)}>{t(`catalog.grading.${label}`)}</span>
            </label>
          );
        })}
      </div>
      <p className="text-xs text-muted">{t('parentalControl.ageGroupHint')}</p>
    </fieldset>
  );
}
