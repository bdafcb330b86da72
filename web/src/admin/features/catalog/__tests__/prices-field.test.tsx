/**
 * The editor's prices (issue 73 item 1): a new row is a price to buy the item alone (it was a 0.00 SUBSCRIPTION row,
 * which beside a paid price read as "free"), the price model is a choice with names in the console's language,
 * and the fieldset says what each model means.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '@/admin/testing/render-console';
import type { ArticleObject } from '../catalog-api';
import { PricesField } from '../components/prices-field';

function Editor({ initial, seen }: { initial: ArticleObject; seen: ArticleObject[] }) {
  const [doc, setDoc] = useState(initial);
  return (
    <PricesField
      doc={doc}
      error={undefined}
      onChange={(next) => {
        seen.push(next);
        setDoc(next);
      }}
    />
  );
}

const noFetch = (() => Promise.reject(new Error('no call expected'))) as typeof fetch;

describe('the prices of an article', () => {
  it('adds a price to buy the item alone, in the currency of the rows before it', async () => {
    const seen: ArticleObject[] = [];
    await renderConsole(<Editor initial={{ prices: [{ amount: 799, currency: 'SAR', businessModel: 'PAY_PER_DOWNLOAD' }] }} seen={seen} />, { fetchImpl: noFetch });
    await userEvent.click(screen.getByRole('button', { name: 'Add a price' }));
    expect(seen.at(-1)?.prices).toEqual([
      { amount: 799, currency: 'SAR', businessModel: 'PAY_PER_DOWNLOAD' },
      { amount: 0, currency: 'SAR', businessModel: 'PAY_PER_DOWNLOAD' },
    ]);
  });

  it('names the price models and explains them', async () => {
    const seen: ArticleObject[] = [];
    await renderConsole(<Editor initial={{ prices: [{ amount: 0, currency: 'EUR', businessModel: 'SUBSCRIPTION' }] }} seen={seen} />, { fetchImpl: noFetch });
    const group = screen.getByRole('group', { name: 'Prices per business model' });
    expect(within(group).getByText(/“Included in plans” marks an item/)).toBeInTheDocument();
    const model = within(group).getByRole('combobox');
    expect(within(model).getAllByRole('option').map((option) => option.textContent)).toEqual(['Included in plans', 'Bought on its own', 'Free (freemium)']);
    await userEvent.selectOptions(model, 'Bought on its own');
    expect(seen.at(-1)?.prices).toEqual([{ amount: 0, currency: 'EUR', businessModel: 'PAY_PER_DOWNLOAD' }]);
  });

  it('shows the price models in Arabic in the Arabic console', async () => {
    await renderConsole(<Editor initial={{ prices: [{ amount: 0, currency: 'EUR', businessModel: 'DOWNLOAD_TO_OWN_FREEMIUM' }] }} seen={[]} />, { fetchImpl: noFetch, lang: 'ar' });
    expect(screen.getByRole('option', { name: 'مجاني (فريميوم)' })).toBeInTheDocument();
  });
});
