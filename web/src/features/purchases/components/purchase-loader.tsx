/** The purchase flow's loader: a veil with a spinner while the flow is busy (rendered with the app's commerce hosts). */
import { useTranslation } from '@/lib/use-translation';
import { usePurchaseFlow } from '../store';

export function PurchaseLoader() {
  const { t } = useTranslation();
  const busy = usePurchaseFlow((state) => state.busy);
  if (!busy) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-[60] flex items-center justify-center bg-black/40 backdrop-blur-[1px]">
      <div className="flex items-center gap-3 rounded-2xl bg-surface px-5 py-4 text-text shadow-xl">
        <span className="size-5 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden="true" />
        {t('purchases.loading')}
      </div>
    </div>
  );
}
