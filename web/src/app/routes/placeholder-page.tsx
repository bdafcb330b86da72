/** A page whose content lands in a later issue: its translated title and description. */
import { useTranslation } from '@/lib/use-translation';
import { Link, useMatches, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { ChevronStartIcon } from '@/components/ui/icons';
import { goBack } from '@/lib/reload';
import { useLocalizePath } from '@/lib/use-language';
import { isRouteHandle } from '../route-handle';

export default function PlaceholderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const handle = [...useMatches()].reverse().map((match) => match.handle).find(isRouteHandle);
  if (!handle) return null;
  const { route } = handle;
  const dark = route.layout === 'empty';

  return (
    <section data-page={route.page} className={`mx-auto flex max-w-3xl flex-col items-start gap-4 py-12 sm:py-20 ${dark ? 'px-6 pt-24 text-white' : ''}`}>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">{t(route.titleKey)}</h1>
      <p className={`text-lg ${dark ? 'text-white/80' : 'text-muted'}`}>{t(route.descriptionKey)}</p>
      {!dark && (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => goBack((to) => void (typeof to === 'number' ? navigate(to) : navigate(to)), localize('/'))}>
            <ChevronStartIcon />
            {t('site.back')}
          </Button>
          <Link to={localize('/')} className={buttonClass('primary')}>
            {t('page.goHome')}
          </Link>
        </div>
      )}
    </section>
  );
}
