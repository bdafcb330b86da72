import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { useTheme } from '../theme-store';

/** Switches between the tenant's default theme and its alternate. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  const dark = theme === 'dark';
  return (
    <IconButton label={dark ? t('theme.toLight') : t('theme.toDark')} aria-pressed={dark} onClick={toggle}>
      {dark ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
