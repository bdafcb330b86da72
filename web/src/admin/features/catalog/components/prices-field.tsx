/** An article's prices, one per business model, each in its currency's major units. */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CatalogPrice } from '@/lib/api-schema';
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { currencyDecimals, toDecimal, toMinor } from '@/admin/lib/money';
import { withValue } from '../article-model';
import type { ArticleObject } from '../catalog-api';
import { PRICE_MODELS } from '../catalog-filters';
import type { AdminKey } from '@/admin/lib/i18n';

/** A price as a catalog file writes it: the storefront's answer's price (catalog_dto.hpp PriceDto) without the offer. */
type Price = Pick<CatalogPrice, 'amount' | 'currency' | 'businessModel'>;

/**
 * A price typed as people write it (7.99 in EUR) and kept as the catalog stores it, in minor units (799): the
 * field says its currency; text that is not a price in it is shown as typed and not taken.
 */
function AmountField({ amount, currency, onAmount }: { amount: number; currency: string; onAmount: (minor: number) => void }) {
  const { t } = useAdminI18n();
  const decimals = currencyDecimals(currency);
  const [typing, setTyping] = useState<string | null>(null);
  const shown = typing ?? toDecimal(amount, decimals);
  const wrong = typing !== null && toMinor(typing, decimals) === null;
  return (
    <Field label={t('catalog.editor.amountIn', { currency })} hint={t('catalog.editor.amountHint')} error={wrong ? t('catalog.editor.amountInvalid') : undefined}>
      {(fieldIds) => (
        <input
          {...fieldIds}
          inputMode="decimal"
          dir="ltr"
          className={INPUT_CLASS}
          value={shown}
          onChange={(e) => {
            setTyping(e.target.value);
            const minor = toMinor(e.target.value, decimals);
            if (minor !== null) onAmount(minor);
          }}
          onBlur={() => {
            if (toMinor(shown, decimals) !== null) setTyping(null);
          }}
        />
      )}
    </Field>
  );
}

export function PricesField({ doc, onChange, error }: { doc: ArticleObject; onChange: (doc: ArticleObject) => void; error: string | undefined }) {
  const { t } = useAdminI18n();
  const prices: Price[] = doc.prices ?? [];
  const set = (next: Price[]) => onChange(withValue(doc, 'prices', next.length ? next : undefined));
  return (
    <fieldset className="rounded-xl border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{t('catalog.editor.prices')}</legend>
      <p className="mb-2 text-sm text-muted">{t('catalog.editor.pricesHint')}</p>
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{error}</p>}
      {prices.map((p, i) => (
        <div key={i} className="grid grid-cols-[1fr_1fr_2fr_auto] items-end gap-2">
          <AmountField amount={p.amount} currency={p.currency} onAmount={(minor) => set(prices.map((x, j) => (j === i ? { ...x, amount: minor } : x)))} />
          <Field label={t('catalog.editor.currency')}>
            {(fieldIds) => <input {...fieldIds} dir="ltr" className={INPUT_CLASS} value={p.currency} onChange={(e) => set(prices.map((x, j) => (j === i ? { ...x, currency: e.target.value } : x)))} />}
          </Field>
          <Field label={t('catalog.editor.businessModel')}>
            {(fieldIds) => (
              <select {...fieldIds} className={INPUT_CLASS} value={p.businessModel} onChange={(e) => set(prices.map((x, j) => (j === i ? { ...x, businessModel: e.target.value } : x)))}>
                {/* A model the console does not know (an imported catalog's) stays as it is. */}
                {!(PRICE_MODELS as readonly string[]).includes(p.businessModel) && <option value={p.businessModel}>{p.businessModel}</option>}
                {PRICE_MODELS.map((model) => (
                  <option key={model} value={model}>
                    {t(`catalog.priceModel.${model}` as AdminKey)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button variant="secondary" className="mb-6" onClick={() => set(prices.filter((_, j) => j !== i))} aria-label={t('catalog.editor.removePrice', { n: i + 1 })}>
            ×
          </Button>
        </div>
      ))}
      {/* A new row is a price to buy the item alone, in the currency of the rows before it (issue 73 item 1: a 0.00
          "Included in plans" row pre-filled beside a paid one read as "free" on the storefront). */}
      <Button variant="secondary" onClick={() => set([...prices, { amount: 0, currency: prices[0]?.currency ?? 'EUR', businessModel: 'PAY_PER_DOWNLOAD' }])}>
        {t('catalog.editor.addPrice')}
      </Button>
    </fieldset>
  );
}
