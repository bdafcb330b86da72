/** The account's picture (avatars.ts): one radio group of the tenant's pictures and "None", for react-hook-form. */
import { toImageUrl } from '@/lib/image-url';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { decodeFailure } from '@/lib/validation';

const TILE =
  'flex size-16 cursor-pointer items-center justify-center overflow-hidden rounded-full border-2 border-border bg-bg text-center text-xs font-semibold text-muted has-[:checked]:border-primary has-[:checked]:text-primary has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent';

export function AvatarPicker({ avatars, field, error }: { avatars: readonly string[]; field: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation();
  const errorId = useId();
  const translate = t as unknown as (key: string, params?: Record<string, string | number>) => string;
  const failure = error ? decodeFailure(error) : null;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={failure ? errorId : undefined} data-testid="avatar-picker">
      <legend className="mb-1 text-sm font-semibold">{t('profile.avatar.legend')}</legend>
      <div className="flex flex-wrap gap-3">
        <label className={TILE}>
          <input type="radio" value="" className="sr-only" aria-invalid={failure ? true : undefined} {...field} />
          <span className="px-1">{t('profile.avatar.none')}</span>
        </label>
        {avatars.map((src, index) => (
          <label key={src} className={TILE}>
            <input type="radio" value={src} className="sr-only" aria-invalid={failure ? true : undefined} {...field} />
            <img src={toImageUrl(src) ?? src} alt={t('profile.avatar.option', { number: index + 1 })} className="size-full object-cover" />
          </label>
        ))}
      </div>
      {failure && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {translate(failure.key, failure.params)}
        </p>
      )}
    </fieldset>
  );
}
