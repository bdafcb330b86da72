/** Shows the snackbars of lib/snackbar at the bottom of the screen (polite live region). */
import { useTranslation } from '@/lib/use-translation';
import { dismissSnackbar, useSnackbars } from '@/lib/snackbar';
import { CloseIcon } from './icons';

const TONES = {
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-text text-bg',
} as const;

export function SnackbarHost() {
  const { t } = useTranslation();
  const items = useSnackbars();
  return (
    <div aria-live="polite" data-snackbars className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4">
      {items.map((item) => (
        <div key={item.id} className={`pointer-events-auto flex max-w-lg items-center gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${TONES[item.tone]}`}>
          <span className="flex-1">{item.message}</span>
          <button type="button" onClick={() => dismissSnackbar(item.id)} aria-label={t('site.dismiss')} className="rounded-full p-1 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-current">
            <CloseIcon className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
