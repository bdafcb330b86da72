/** /apps/faq: questions about apps and their access, in the page's language. */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { useLocalizePath } from '@/lib/use-language';

export const FAQ_ITEMS = ['what', 'register', 'secret', 'redirect', 'scopes', 'consent', 'revoke', 'pause'] as const;

export function AppsFaq() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3" data-testid="apps-faq">
        {FAQ_ITEMS.map((item) => (
          <details key={item} className="group rounded-2xl border border-border bg-surface p-5 open:pb-6">
            <summary className="cursor-pointer list-none text-lg font-semibold marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {t(`apps.faq.${item}.q`)}
                <span aria-hidden="true" className="text-2xl text-muted transition-transform group-open:rotate-45">+</span>
              </span>
            </summary>
            <p className="mt-3 text-muted">{t(`apps.faq.${item}.a`)}</p>
          </details>
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to={localize('/apps/register')} className={buttonClass('primary')}>{t('apps.manage.register')}</Link>
        <Link to={localize('/apps/profile')} className={buttonClass('secondary')}>{t('apps.consent.profileLink')}</Link>
      </div>
    </div>
  );
}
