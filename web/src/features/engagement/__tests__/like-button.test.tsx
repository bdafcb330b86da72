/** The like button's state (commerce §4, §8): kinds per content type, like / unlike / sign-in, and its snackbars. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/messages.json';
import { configureApiClient } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n';
import { snackbarStore } from '@/lib/snackbar';
import { portalStore } from '@/lib/store';
import { LikeButton } from '../components/like-button';
import { isLiked, likeAction, likeKindOf } from '../like-kinds';

const TRACK = { id: 20001, title: 'Midnight Drive', contentType: 'full_track_music' };

describe('like kinds', () => {
  it('maps content types to the kinds of commerce §3', () => {
    expect(likeKindOf('full_track_music')).toBe('tracks');
    expect(likeKindOf('online_game')).toBe('Online Game');
    expect(likeKindOf('music_video')).toBe('videos');
    expect(likeKindOf('audio_book_chapter')).toBe('audiobookChapter');
    expect(likeKindOf('voucher')).toBe('product');
    expect(likeKindOf('news')).toBeNull();
  });
  it('likes what is not liked, unlikes what is, and asks guests to sign in', () => {
    expect(likeAction(false, false)).toBe('login');
    expect(likeAction(false, true)).toBe('login');
    expect(likeAction(true, false)).toBe('like');
    expect(likeAction(true, true)).toBe('unlike');
    expect(isLiked({ tracks: [1, 2] }, 'tracks', 2)).toBe(true);
    expect(isLiked({ tracks: [1, 2] }, 'albums', 2)).toBe(false);
    expect(isLiked(undefined, 'tracks', 2)).toBe(false);
  });
});

async function renderButton(fetchImpl: typeof fetch, article = TRACK) {
  configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', getAccessToken: () => 'token', fetchImpl });
  const i18n = await initI18n('en', en);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <LikeButton article={article} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
const messages = () => snackbarStore.getState().items.map((item) => item.message);

describe('LikeButton', () => {
  it('tells a guest to sign in and calls nothing', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    await renderButton(fetchImpl);
    const button = screen.getByRole('button', { name: 'Add Midnight Drive to favorites' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(messages()).toEqual(['Sign in to save favorites']);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('shows a liked track pressed, unlikes it and says so', async () => {
    portalStore.getState().setUser({ role: 'user', uuid: 'u-1' });
    let liked = [TRACK.id];
    const calls: string[] = [];
    const fetchImpl = vi.fn<typeof fetch>((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}`);
      if (url.pathname.endsWith('/like') && method === 'GET') return Promise.resolve(json({ tracks: liked }));
      if (method === 'DELETE') {
        liked = [];
        return Promise.resolve(json({ id: TRACK.id, type: 'tracks', contentType: TRACK.contentType, liked: false, likedAt: '' }));
      }
      return Promise.resolve(json({ id: TRACK.id, type: 'tracks', contentType: TRACK.contentType, liked: true, likedAt: 'x' }));
    });
    await renderButton(fetchImpl);
    const button = await screen.findByRole('button', { name: 'Remove Midnight Drive from favorites' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    await waitFor(() => expect(messages()).toEqual(['Removed from your favorites']));
    expect(calls).toContain('DELETE /backend/like/tracks/20001');
    await screen.findByRole('button', { name: 'Add Midnight Drive to favorites' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Midnight Drive to favorites' }));
    await waitFor(() => expect(messages()).toContain('Added to your favorites'));
    expect(calls).toContain('POST /backend/like/tracks/20001');
  });

  it('draws nothing for a type no kind takes', async () => {
    const { container } = await renderButton(vi.fn<typeof fetch>(), { id: 7001, title: 'News', contentType: 'news' });
    expect(container).toBeEmptyDOMElement();
  });
});
