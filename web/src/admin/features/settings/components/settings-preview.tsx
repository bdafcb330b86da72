/** The storefront in the edited colours (and logo), light and dark side by side, as the operator types. */
import type { CSSProperties } from 'react';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { COLOR_NAMES, THEMES, type Palette } from '../settings-form';

function variables(palette: Palette): CSSProperties {
  const style: Record<string, string> = Object.fromEntries(COLOR_NAMES.map((name) => [`--color-${name}`, palette[name]]));
  return style;
}

export function SettingsPreview({ colors, logo, name }: { colors: { light: Palette; dark: Palette }; logo: string; name: string }) {
  const { t } = useAdminI18n();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {THEMES.map((theme) => (
        <figure key={theme} data-preview={theme} style={variables(colors[theme])} className="overflow-hidden rounded-2xl border border-border bg-bg text-text">
          <figcaption className="sr-only">{t(theme === 'light' ? 'settings.colorsLight' : 'settings.colorsDark')}</figcaption>
          <div className="flex items-center gap-3 border-b border-border bg-surface px-4 py-3">
            {logo ? <img src={logo} alt="" className="h-7 w-auto" /> : null}
            <span className="font-bold">{name}</span>
            <span className="ms-auto flex gap-3 text-sm">
              <span className="font-semibold text-primary">{t('settings.previewNav')}</span>
              <span className="text-muted">{t('settings.previewNav2')}</span>
            </span>
          </div>
          <div className="p-4">
            <div className="rounded-xl border border-border bg-surface p-4">
              <div className="mb-3 flex items-center gap-2">
                <span className="font-semibold">{t('settings.previewCard')}</span>
                <span className="rounded-full border-2 border-accent px-2 py-0.5 text-xs font-bold text-text">{t('settings.previewBadge')}</span>
              </div>
              <p className="mb-4 text-sm text-muted">{t('settings.previewCardText')}</p>
              <div className="flex flex-wrap gap-2">
                <span data-preview-button className="inline-flex items-center rounded-full bg-primary px-5 py-2 text-sm font-semibold text-primary-contrast">
                  {t('settings.previewButton')}
                </span>
                <span className="inline-flex items-center rounded-full border border-border bg-surface px-4 py-2 text-sm font-semibold text-text">{t('settings.previewSecondary')}</span>
              </div>
            </div>
          </div>
        </figure>
      ))}
    </div>
  );
}
