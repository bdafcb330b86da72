import { useTranslation } from '@/lib/use-translation';
import { Outlet, useNavigate } from 'react-router';
import { ChevronStartIcon } from '@/components/ui/icons';
import { goBack } from '@/lib/reload';
import { useLocalizePath } from '@/lib/use-language';

/** For players and marketing pages: a dark full screen with only a way back. */
export function EmptyLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  return (
    <main id="main-content" className="relative min-h-dvh bg-black text-white">
      <button
        type="button"
        onClick={() => goBack((to) => void (typeof to === 'number' ? navigate(to) : navigate(to)), localize('/'))}
        className="absolute start-4 top-4 z-10 inline-flex items-center gap-1 rounded-full bg-white/10 px-3 py-2 text-sm font-semibold backdrop-blur hover:bg-white/20"
      >
        <ChevronStartIcon />
        {t('site.back')}
      </button>
      <Outlet />
    </main>
  );
}
