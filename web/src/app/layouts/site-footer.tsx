/** The footer: the links of its structure (settings.footer.structure, else `footer`), cookie settings and the copyright line. */
import { useTranslation } from '@/lib/use-translation';
import { ContentContainer } from '@/components/layouts/content-container';
import { openConsentSettings } from '@/features/consent/consent-store';
import { useStructure } from '@/features/structure/api/get-structure';
import { useChromeStructure } from '@/features/structure/chrome-structure';
import { StructureLinks } from '@/features/structure/components/structure-links';
import { formatDigits } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { useSiteName } from '../use-site-name';

export function SiteFooter() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const footer = useStructure(useChromeStructure('footer'));
  const siteName = useSiteName();
  return (
    <footer className="mt-16 border-t border-border bg-surface text-text">
      <ContentContainer className="flex flex-col gap-6 py-10">
        <nav aria-label={t('site.footerNavigation')}>
          <StructureLinks structure={footer.data} className="flex flex-wrap gap-x-6 gap-y-2" linkClassName="text-sm text-muted hover:text-primary hover:underline underline-offset-4" />
        </nav>
        <div className="flex flex-col gap-3 border-t border-border pt-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>{t('site.copyright', { year: formatDigits(new Date().getFullYear(), lang), name: siteName })}</p>
          <button type="button" onClick={openConsentSettings} className="self-start font-semibold text-primary underline-offset-4 hover:underline sm:self-auto">
            {t('consent.settings')}
          </button>
        </div>
      </ContentContainer>
    </footer>
  );
}
