/** A quantity between 1 and `max`: minus, the number (typed or read aloud), plus. */
import { useTranslation } from '@/lib/use-translation';
import { formatDigits } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';

const STEP = 'inline-flex size-9 items-center justify-center rounded-full border border-border text-lg font-bold hover:border-primary disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-accent';

export function QuantityStepper({ value, max, onChange, label, disabled = false }: { value: number; max: number; onChange: (value: number) => void; label: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  return (
    <div role="group" aria-label={label} className="inline-flex items-center gap-2">
      <button type="button" className={STEP} aria-label={t('cart.decrease')} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        −
      </button>
      <output aria-live="polite" className="min-w-8 text-center font-semibold tabular-nums" data-testid="quantity">
        {formatDigits(value, lang)}
      </output>
      <button type="button" className={STEP} aria-label={t('cart.increase')} disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
