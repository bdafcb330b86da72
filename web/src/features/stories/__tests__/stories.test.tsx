/** Stories (commerce §2, §3): the `viewedStories` record, where a story reopens, moving through pages and stories, and the viewer's keys. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '@/locales/en/messages.json';
import { closeRouteDialogs, dialogStore, resetDialogs } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import type { ConfigNode } from '@/lib/portal-types';
import { StoriesViewer } from '../dialogs/stories-viewer';
import { nextPage, openStory, previousPage, storiesOf, storiesStore } from '../stories';
import { VIEWED_STORIES_KEY, markStoryPage, readViewedStories, startPage } from '../viewed-stories';

const page = (id: string, title: string): ConfigNode => ({ id, name: id, data: { title, subTitle: '', imageUrl: `/media/art/${id}.svg`, clickUrl: `/music/playlists/${id}/1` } });
const NODE: ConfigNode = {
  id: 'aurora-stories',
  name: 'stories',
  data: { title: 'Stories', customProperties: { type: 'stories' } },
  substructure: [
    { id: 's-music', name: 'music', data: { title: 'New music', imageUrl: '/media/art/a.svg' }, substructure: [page('m1', 'Neon Skyline'), page('m2', 'Violet Hour'), page('m3', 'Midnight Drive')] },
    { id: 's-empty', name: 'empty', data: { title: 'Nothing' }, substructure: [] },
    { id: 's-video', name: 'video', data: { title: 'Watch', imageUrl: '/media/art/v.svg' }, substructure: [page('v1', 'Starfall'), page('v2', 'Paper Moons')] },
  ],
};
const stored = () => JSON.parse(localStorage.getItem(VIEWED_STORIES_KEY) ?? 'null') as unknown;

beforeEach(() => localStorage.clear());
afterEach(() => resetDialogs());

describe('viewedStories', () => {
  it('keeps per story id {isWatched, index}; the last page shown makes it watched for good', () => {
    markStoryPage('s-music', 0, 3);
    expect(stored()).toEqual({ 's-music': { isWatched: false, index: 0 } });
    markStoryPage('s-music', 2, 3);
    markStoryPage('s-video', 1, 2);
    expect(stored()).toEqual({ 's-music': { isWatched: true, index: 2 }, 's-video': { isWatched: true, index: 1 } });
    markStoryPage('s-music', 0, 3);
    expect(readViewedStories()['s-music']).toEqual({ isWatched: true, index: 0 });
  });
  it('reads malformed storage as unseen', () => {
    localStorage.setItem(VIEWED_STORIES_KEY, 'not json');
    expect(readViewedStories()).toEqual({});
    localStorage.setItem(VIEWED_STORIES_KEY, JSON.stringify({ a: { isWatched: 'yes', index: 1 }, b: { isWatched: false, index: -1 }, c: { isWatched: false, index: 1 } }));
    expect(readViewedStories()).toEqual({ c: { isWatched: false, index: 1 } });
    localStorage.setItem(VIEWED_STORIES_KEY, '[1]');
    expect(readViewedStories()).toEqual({});
  });
  it('reopens a story where it was left unless it was watched', () => {
    expect(startPage(undefined, 3)).toBe(0);
    expect(startPage({ isWatched: false, index: 1 }, 3)).toBe(1);
    expect(startPage({ isWatched: false, index: 7 }, 3)).toBe(2);
    expect(startPage({ isWatched: true, index: 1 }, 3)).toBe(0);
  });
});

describe('moving through stories', () => {
  it('takes the stories node apart, leaving out stories without pages', () => {
    const stories = storiesOf(NODE);
    expect(stories.map((story) => story.id)).toEqual(['s-music', 's-video']);
    expect(stories[0]!.pages.map((item) => item.title)).toEqual(['Neon Skyline', 'Violet Hour', 'Midnight Drive']);
  });
  it('opens the dialog, walks pages then the next story, and ends after the last', () => {
    const stories = storiesOf(NODE);
    markStoryPage('s-music', 1, 3);
    openStory(stories, 0);
    expect([...dialogStore.getState().open]).toEqual(['stories']);
    expect(storiesStore.getState()).toMatchObject({ story: 0, page: 1 });
    expect(nextPage()).toBe('moved');
    expect(stored()).toEqual({ 's-music': { isWatched: true, index: 2 } });
    expect(nextPage()).toBe('moved');
    expect(storiesStore.getState()).toMatchObject({ story: 1, page: 0 });
    expect(previousPage()).toBe('moved');
    expect(storiesStore.getState()).toMatchObject({ story: 0, page: 2 });
    nextPage();
    nextPage();
    expect(nextPage()).toBe('end');
    expect(stored()).toEqual({ 's-music': { isWatched: true, index: 2 }, 's-video': { isWatched: true, index: 1 } });
  });
  it('is one of the dialogs a change of page closes', () => {
    openStory(storiesOf(NODE), 1);
    closeRouteDialogs();
    expect(dialogStore.getState().open.size).toBe(0);
  });
});

async function renderViewer(lang: 'en' | 'ar' = 'en') {
  const i18n = await initI18n(lang, en);
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[lang === 'ar' ? '/ar' : '/']}>
        <StoriesViewer />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('StoriesViewer', () => {
  it('names the story and the page, and moves with the arrow keys and buttons', async () => {
    act(() => openStory(storiesOf(NODE), 0));
    await renderViewer();
    const dialog = await screen.findByRole('dialog', { name: 'New music' });
    expect(dialog).toHaveAccessibleDescription('Story 1 of 2, page 1 of 3');
    expect(screen.getByText('Neon Skyline')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('Violet Hour')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('Neon Skyline')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Violet Hour')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pause stories' }));
    expect(screen.getByRole('button', { name: 'Play stories' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(dialogStore.getState().open.has('stories')).toBe(false);
  });
  it('mirrors the arrow keys right-to-left', async () => {
    act(() => openStory(storiesOf(NODE), 0));
    await renderViewer('ar');
    await screen.findByRole('dialog');
    await userEvent.keyboard('{ArrowLeft}');
    expect(storiesStore.getState()).toMatchObject({ story: 0, page: 1 });
    await userEvent.keyboard('{ArrowRight}');
    expect(storiesStore.getState()).toMatchObject({ story: 0, page: 0 });
    document.documentElement.dir = 'ltr';
  });
});
