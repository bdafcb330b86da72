/**
 * A plan edited by names, not codes (issue 73 item 5): its credits' content types are checkboxes named in the
 * console's language, its bullet points a list per language (added, reordered, removed) instead of a JSON list, and
 * its other attributes picked by their names, with a value edited as the key needs; no DISPLAY_SERVICE_… key shows.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import PlanEditPage from '../plan-edit-page';
import type { AdminPlan, AdminPlanBody } from '../plans-api';

const plan: AdminPlan = {
  version: 3, id: 101, name: 'music-basic', state: 'ACTIVE', subscribers: 2, groupId: 'music', level: 0, billingCycle: 'P1M',
  price: { amount: 499, currency: 'EUR' }, promotionPrice: null, maxTrialDuration: null, contingents: [{ contentTypes: ['full_track_music'], amount: 10 }],
  accumulateContingent: false, cancelUrl: null, requiredIdentityFields: [], paymentOptions: ['card'],
  attributes: [
    { key: 'DISPLAY_SERVICE_NAME_TEXT_en', value: 'Music Basic' },
    { key: 'DISPLAY_SERVICE_BULLETS_TEXT_en', value: '["10 full tracks per month","No ads"]' },
    { key: 'DISPLAY_SERVICE_BULLETS_TEXT_ar', value: '["بدون إعلانات"]' },
    { key: 'ment_best_value', value: '1' },
    { key: 'ment_category', value: '["music"]' },
  ],
};
const list = { plans: [plan], groups: [{ id: 'music', levels: [[101]] }], paymentOptions: ['card'], currency: 'EUR' };

async function open(lang: 'en' | 'ar' = 'en') {
  const saved: FakeCall[] = [];
  const fetchImpl = fakeFetch((call) => {
    if (call.url.pathname.endsWith('/admin/plans/101') && call.method === 'PUT') {
      saved.push(call);
      return { status: 200, body: { data: { ...plan, version: 4 } } };
    }
    if (call.url.pathname.endsWith('/admin/plans/101')) return { status: 200, body: { data: plan } };
    if (call.url.pathname.endsWith('/admin/plans')) return { status: 200, body: { data: list } };
    return notFound();
  });
  await renderConsole(
    <MemoryRouter initialEntries={['/plans/101']}>
      <Routes>
        <Route path="/plans/:id" element={<PlanEditPage />} />
      </Routes>
    </MemoryRouter>,
    { fetchImpl, role: 'editor', lang },
  );
  return { form: await screen.findByRole('form', { name: /Music Basic/ }), saved };
}

describe('a plan by names', { timeout: 30_000 }, () => {
  it('picks credits by type name, edits bullet points as a list and attributes by name, and saves them as the plans format writes them', async () => {
    const user = userEvent.setup();
    const { form, saved } = await open();
    expect(form).not.toHaveTextContent(/DISPLAY_SERVICE_|full_track_music|ment_/);

    const credits = within(form).getByRole('group', { name: 'Content types' });
    expect(within(credits).getByRole('checkbox', { name: 'Track' })).toBeChecked();
    await user.click(within(credits).getByRole('checkbox', { name: 'Album' }));

    const bullets = within(form).getByRole('group', { name: 'Bullet points' });
    expect(within(bullets).getByRole('textbox', { name: 'Item 1' })).toHaveValue('10 full tracks per month');
    expect(within(bullets).getByRole('textbox', { name: 'Item 2' })).toHaveValue('No ads');
    await user.click(within(bullets).getByRole('button', { name: 'Move item 2 up' }));
    expect(within(bullets).getByRole('textbox', { name: 'Item 1' })).toHaveValue('No ads');
    await user.click(within(bullets).getByRole('button', { name: 'Add an item' }));
    const added = within(bullets).getByRole('textbox', { name: 'Item 3' });
    expect(added).toHaveFocus();
    await user.type(added, 'Cancel any time');
    await user.click(within(bullets).getByRole('button', { name: 'Remove item 2' }));

    const best = form.querySelector<HTMLElement>('[data-attribute-row="0"]')!;
    expect(within(best).getByLabelText('Key')).toHaveDisplayValue('“Best value” badge');
    expect(within(best).getByRole('checkbox', { name: 'Show it on the card' })).toBeChecked();
    const categories = form.querySelector<HTMLElement>('[data-attribute-row="1"]')!;
    expect(within(categories).getByLabelText('Key')).toHaveDisplayValue('Categories on the plans page');
    expect(within(categories).getByRole('textbox', { name: 'Item 1' })).toHaveValue('music');

    await user.click(within(form).getByRole('button', { name: 'Add attribute' }));
    const note = form.querySelector<HTMLElement>('[data-attribute-row="2"]')!;
    await user.selectOptions(within(note).getByLabelText('Key'), 'Note under the price');
    await user.type(within(note).getByLabelText('Value'), 'Cancel any time');
    await user.click(within(form).getByRole('button', { name: 'Add attribute' }));
    const other = form.querySelector<HTMLElement>('[data-attribute-row="3"]')!;
    await user.selectOptions(within(other).getByLabelText('Key'), 'Another key of the plans format');
    await user.type(within(other).getByRole('textbox', { name: 'Key' }), 'x_campaign');
    await user.type(within(other).getByLabelText('Value'), 'spring');

    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await screen.findByText(/Saved \(version 4\)/);
    const body = saved[0]!.body as AdminPlanBody;
    expect(body.contingents).toEqual([{ contentTypes: ['full_track_music', 'album'], amount: 10 }]);
    expect(body.attributes).toContainEqual({ key: 'DISPLAY_SERVICE_BULLETS_TEXT_en', value: '["No ads","Cancel any time"]' });
    expect(body.attributes).toContainEqual({ key: 'DISPLAY_SERVICE_BULLETS_TEXT_ar', value: '["بدون إعلانات"]' });
    expect(body.attributes).toContainEqual({ key: 'ment_best_value', value: '1' });
    expect(body.attributes).toContainEqual({ key: 'ment_category', value: '["music"]' });
    expect(body.attributes).toContainEqual({ key: 'ment_note', value: 'Cancel any time' });
    expect(body.attributes).toContainEqual({ key: 'x_campaign', value: 'spring' });
  });

  it('shows each language’s bullet points in its tab, right to left in Arabic', async () => {
    const user = userEvent.setup();
    const { form } = await open('ar');
    await user.click(within(form).getByRole('tab', { name: 'العربية' }));
    const bullets = within(form).getByRole('group', { name: 'النقاط' });
    const first = within(bullets).getByRole('textbox', { name: 'العنصر ١' });
    expect(first).toHaveValue('بدون إعلانات');
    expect(first).toHaveAttribute('dir', 'rtl');
    expect(within(form).getByRole('group', { name: 'أنواع المحتوى' })).toHaveTextContent('مقطوعة');
  });
});
