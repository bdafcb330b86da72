/** The language preference as a radio list (account management page). */
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { getLanguage, offeredLanguages } from '@/config/languages';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useSwitchLanguage } from '../hooks/use-switch-language';

export function LanguageChoice() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const choose = useSwitchLanguage();
  // The tenant's languages only (an array made per call: select the configs, derive outside the store).
  const configs = usePortalStore((state) => state.configs);
  const languages = offeredLanguages(configs).map(getLanguage);
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold text-muted">{t('language.label')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {languages.map((language) => (
          <label
            key={language.code}
            className="flex cursor-pointer items-center gap-2 rounded-xl border border-border bg-bg px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
          >
            <input type="radio" name={name} value={language.code} checked={language.code === current} onChange={() => choose(language.code)} className="accent-[var(--color-primary)]" />
            <span lang={language.code} dir={language.dir}>
              {language.name}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
