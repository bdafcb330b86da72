/** The theme preference as a labelled switch (account management page). */
import { useTranslation } from '@/lib/use-translation';
import { useTheme } from '../theme-store';

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  const dark = theme === 'dark';
  return (
    <div className="flex items-center justify-between gap-4">
      <span id="theme-switch-label" className="text-sm font-semibold">
        {t('theme.dark')}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={dark}
        aria-labelledby="theme-switch-label"
        onClick={toggle}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-border bg-bg transition-colors focus-visible:outline-2 focus-visible:outline-accent aria-checked:bg-primary"
      >
        <span aria-hidden="true" className={`inline-block size-5 rounded-full bg-surface shadow transition-transform ${dark ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'}`} />
      </button>
    </div>
  );
}
