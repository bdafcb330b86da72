import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, type FakeAnswer } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import type { Settings } from '../settings-api';
import SettingsPage from '../settings-page';
import { sampleSettings, settingsWithEntries } from './fixtures';

/** The panel of a named entry, opened as an operator opens it. */
async function openPanel(user: ReturnType<typeof userEvent.setup>, title: string) {
  const summary = screen.getByText(title, { selector: 'summary' });
  await user.click(summary);
  const panel = summary.closest('details')!;
  expect(panel).toHaveAttribute('open');
  return within(panel);
}

async function renderSettings(answers: (method: string, body: unknown) => FakeAnswer) {
  const calls: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetchImpl = fakeFetch(({ method, url, body, init }) => {
    calls.push({ method, url: url.toString(), headers: init?.headers as Record<string, string>, body });
    return answers(method, body);
  });
  await renderConsole(<SettingsPage />, { fetchImpl, role: 'owner' });
  await screen.findByLabelText('Display name');
  return calls;
}

const ok = (data: Settings): FakeAnswer => ({ status: 200, body: { data } });

// A whole form with the real providers: slow on a busy machine.
describe('the settings editor', { timeout: 30_000 }, () => {
  it('previews the edited colour, and saves the edits on the version read', async () => {
    const user = userEvent.setup();
    const calls = await renderSettings((method, body) => (method === 'PUT' ? ok({ ...(body as Settings), version: 8 }) : ok(sampleSettings)));
    expect(calls[0]?.headers['X-Tenant-ID']).toBe('alpha');
    expect(calls[0]?.headers['X-Requested-With']).toBe('XMLHttpRequest');

    const primary = screen.getAllByLabelText('Primary')[0]!;
    await user.clear(primary);
    await user.type(primary, '#ff0000');
    await user.tab();
    const preview = document.querySelector<HTMLElement>('[data-preview="light"]')!;
    expect(preview.style.getPropertyValue('--color-primary')).toBe('#ff0000');

    await user.click(screen.getByRole('switch', { name: 'autoLogin' }));
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    await user.type(screen.getAllByLabelText('From path')[1]!, '/promo');
    await user.type(screen.getAllByLabelText('To')[1]!, '/music');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings saved (version 8).')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    const sent = put.body as Settings;
    expect(sent.version).toBe(7);
    expect(sent.colors.light.primary).toBe('#ff0000');
    expect(sent.features).toEqual({ V2Modals: true, autoLogin: true, partnerName: 'x' });
    expect(sent.redirects).toEqual([
      { from: '/old', to: '/new', permanent: true },
      { from: '/promo', to: '/music', permanent: false },
    ]);
  });

  it('offers the languages as checkboxes, the default only among the checked ones', async () => {
    const user = userEvent.setup();
    const calls = await renderSettings((method, body) => (method === 'PUT' ? ok({ ...(body as Settings), version: 8 }) : ok(sampleSettings)));
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeDisabled();  // the default's box stays checked
    await user.click(screen.getByRole('checkbox', { name: 'Deutsch' }));
    await user.click(screen.getByRole('checkbox', { name: 'Română' }));
    const defaults = screen.getByLabelText('Default language');
    expect([...defaults.querySelectorAll('option')].map((o) => o.value)).toEqual(['en', 'ar', 'fr', 'es']);
    await user.selectOptions(defaults, 'ar');
    expect(screen.getByRole('checkbox', { name: 'العربية' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved (version 8).')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'PUT')!.body as Settings;
    expect(sent.languages).toEqual(['en', 'ar', 'fr', 'es']);
    expect(sent.defaultLocale).toBe('ar');
  });

  it('shows each brand image beside its field as a thumbnail, and the edited one as it is typed (issue 73 item 6)', async () => {
    const user = userEvent.setup();
    await renderSettings(() => ok(settingsWithEntries));
    const logo = screen.getByRole('img', { name: 'Current image: Logo' });
    expect(logo).toHaveAttribute('src', '/media/art/alpha.svg');
    expect(screen.getByRole('img', { name: 'Current image: App icon' })).toHaveAttribute('src', '/i.png');
    const field = screen.getByLabelText('Logo');
    await user.clear(field);
    expect(screen.queryByRole('img', { name: 'Current image: Logo' })).toBeNull();  // no image, no broken thumbnail
    await user.type(field, '/media/generated/logo.w512.webp');
    expect(screen.getByRole('img', { name: 'Current image: Logo' })).toHaveAttribute('src', '/media/generated/logo.w512.webp');
    const placeholder = await openPanel(user, 'Placeholder image');
    await user.type(placeholder.getByLabelText('Image'), '/media/art/placeholder.svg');
    expect(placeholder.getByRole('img', { name: 'Current image: Image' })).toHaveAttribute('src', '/media/art/placeholder.svg');
  });

  it("shows a field the server refuses at the field, and a version conflict with the way to the current settings", async () => {
    const user = userEvent.setup();
    let puts = 0;
    await renderSettings((method) => {
      if (method !== 'PUT') return ok(sampleSettings);
      puts += 1;
      return puts === 1
        ? { status: 400, body: { error: 'VALIDATION_ERROR', message: 'x', data: { field: 'redirects[0].to', reason: 'leads back to its own path' } } }
        : { status: 409, body: { error: 'SETTINGS_VERSION_CONFLICT', message: 'x', data: { version: 9 } } };
    });
    fireEvent.input(screen.getByLabelText('Display name'), { target: { value: 'Alpha 2' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const to = screen.getAllByLabelText('To')[0]!;
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('The server refused this value: \u2066leads back to its own path\u2069')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/now version 9/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load the current settings' })).toBeInTheDocument();
  });

  it('edits the named entries in their panels and saves them with the rest of the settings', async () => {
    const user = userEvent.setup();
    const calls = await renderSettings((method, body) => (method === 'PUT' ? ok({ ...(body as Settings), version: 8 }) : ok(sampleSettings)));
    expect(screen.getByText('Custom plan', { selector: 'summary' }).closest('details')).not.toHaveAttribute('open');

    const plan = await openPanel(user, 'Custom plan');
    await user.click(plan.getByRole('switch', { name: 'Show the custom plan card' }));
    await user.type(within(plan.getByRole('group', { name: 'Title' })).getByLabelText('Deutsch'), 'Familien');
    await user.type(within(plan.getByRole('group', { name: 'Text' })).getByLabelText('Deutsch'), 'Sprechen Sie uns an.');
    await user.type(plan.getByLabelText('Link'), '/impressum');

    const notice = await openPanel(user, 'Announcement');
    await user.type(within(notice.getByRole('group', { name: 'Words' })).getByLabelText('English'), 'New this week.');

    const sharing = await openPanel(user, 'Sharing');
    await user.click(sharing.getByRole('checkbox', { name: 'Copy link' }));
    await user.click(sharing.getByRole('checkbox', { name: 'Copy link' }));  // checked again: now last

    const menu = await openPanel(user, 'Account menu');
    await user.click(menu.getByRole('button', { name: 'Move History up' }));
    await user.click(menu.getByRole('checkbox', { name: 'Rewards' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved (version 8).')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'PUT')!.body as Settings;
    expect(sent.settings).toMatchObject({
      customPlan: { enabled: true, title: { de: 'Familien' }, text: { de: 'Sprechen Sie uns an.' }, href: '/impressum' },
      global: { announcement: { text: { en: 'New this week.' } } },
      sharedLinks: ['email', 'whatsapp', 'telegram', 'facebook', 'x', 'copy'],
      profileMenu: { items: ['profile', 'manage', 'history', 'favorites', 'purchases', 'redeem'] },
      other: 1,
    });
    expect(sent.settings).not.toHaveProperty('popups');
  });

  // Issue 77 item 7: the form does not repeat the server's checks; the server's field error shows at its field.
  it('sends what it is given and shows the server refusing a field at that field, its panel opened', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    await renderSettings((method, body) => {
      if (method !== 'PUT') return ok(settingsWithEntries);
      puts.push(body);
      return puts.length === 1
        ? { status: 400, body: { error: 'VALIDATION_ERROR', message: 'x', data: { field: 'colors.light.primary', reason: 'is not a colour' } } }
        : { status: 400, body: { error: 'VALIDATION_ERROR', message: 'x', data: { field: 'settings.customPlan.title', reason: 'needs words in one language at least' } } };
    });
    const primary = screen.getAllByLabelText('Primary')[0]!;
    await user.clear(primary);
    await user.type(primary, 'red;x');
    await user.tab();
    expect(primary).not.toHaveAttribute('aria-invalid', 'true');  // nothing checked here: the server decides
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(primary).toHaveAttribute('aria-invalid', 'true'));
    expect(puts).toHaveLength(1);
    expect((puts[0] as Settings).colors.light.primary).toBe('red;x');
    expect(screen.getByText('The server refused this value: \u2066is not a colour\u2069')).toBeInTheDocument();
    expect(screen.getByText('Some fields need attention.')).toBeInTheDocument();

    await user.clear(primary);
    await user.type(primary, '#ff0000');
    const plan = await openPanel(user, 'Custom plan');
    const titles = plan.getByRole('group', { name: 'Title' });
    await user.clear(within(titles).getByLabelText('English'));
    await user.clear(within(titles).getByLabelText('Deutsch'));
    await user.click(screen.getByText('Custom plan', { selector: 'summary' }));  // closed again
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The panel was closed: the server's refusal opens it at the field it names; the colour's message is gone.
    await waitFor(() => expect(puts).toHaveLength(2));
    expect((puts[1] as Settings).settings.customPlan).not.toHaveProperty('title');
    const panel = screen.getByText('Custom plan', { selector: 'summary' }).closest('details')!;
    await waitFor(() => expect(panel).toHaveAttribute('open'));
    expect(within(within(panel).getByRole('group', { name: 'Title' })).getByText('The server refused this value: \u2066needs words in one language at least\u2069')).toBeInTheDocument();
    expect(primary).not.toHaveAttribute('aria-invalid', 'true');
  });
});
