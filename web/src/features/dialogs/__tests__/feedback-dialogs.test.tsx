/** `generic-error` and `custom-feedback` (commerce §2): what a flow hands over shows, translated; feedback closes on a change of page. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en/messages.json';
import { ROUTE_CLOSED_DIALOGS, closeRouteDialogs, dialogStore, resetDialogs } from '@/lib/dialogs';
import { showCustomFeedback, showGenericError } from '@/lib/feedback-dialogs';
import { initI18n } from '@/lib/i18n';
import { CustomFeedbackDialog, GenericErrorDialog } from '../feedback-dialogs';

const open = () => [...dialogStore.getState().open];

async function renderDialogs() {
  const i18n = await initI18n('en', en);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <GenericErrorDialog />
        <CustomFeedbackDialog />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

afterEach(() => resetDialogs());

describe('generic-error', () => {
  it('shows the flow’s text and the failed status, and closes with OK', async () => {
    showGenericError({ messageKey: 'games.error.play', status: 503, code: 'UNAVAILABLE' });
    expect(open()).toEqual(['generic-error']);
    await renderDialogs();
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(en.games.error.play)).toBeInTheDocument();
    expect(screen.getByText('503 UNAVAILABLE')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(open()).toEqual([]);
  });
  it('has a text of its own, and stays open across a change of page (it is no feedback dialog)', async () => {
    showGenericError();
    await renderDialogs();
    expect(await screen.findByText(en.dialogs.genericError.text)).toBeInTheDocument();
    closeRouteDialogs();
    expect(open()).toEqual(['generic-error']);
  });
});

describe('custom-feedback', () => {
  it('shows the caller’s title, text and next step; a change of page closes it', async () => {
    showCustomFeedback({ tone: 'warning', titleKey: 'dialogs.sessionExpired.title', messageKey: 'share.copied', action: { labelKey: 'auth.favorites', href: '/favorites' } });
    await renderDialogs();
    expect(await screen.findByRole('dialog', { name: en.dialogs.sessionExpired.title })).toBeInTheDocument();
    expect(screen.getByText(en.share.copied)).toHaveAttribute('data-tone', 'warning');
    expect(screen.getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/favorites');
    expect(ROUTE_CLOSED_DIALOGS.has('custom-feedback')).toBe(true);
    closeRouteDialogs();
    expect(open()).toEqual([]);
  });
});
