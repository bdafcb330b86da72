/**
 * What a story is here (docs/decisions.md): the backend has no stories source, so stories are a
 * structure node of type `stories` (the tenant's home structure) whose children are the stories
 * (type `story`: title and avatar image) and whose grandchildren are a story's pages (title,
 * subtitle, artwork and the item they lead to). The rating filter of structures applies to them.
 * The `stories` dialog shows them; its state (which story, which page) lives here.
 */
import { createStore, useStore } from 'zustand';
import { openDialog } from '@/lib/dialogs';
import type { ConfigNode } from '@/lib/portal-types';
import { markStoryPage, readViewedStories, startPage } from './viewed-stories';

export interface StoryPage {
  id: string;
  title: string;
  subTitle: string;
  imageUrl: string;
  clickUrl: string;
}

export interface Story {
  id: string;
  title: string;
  imageUrl: string;
  pages: StoryPage[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The stories of a `stories` node; stories without pages are left out. */
export function storiesOf(node: ConfigNode): Story[] {
  return (node.substructure ?? [])
    .map((story, index) => ({
      id: String(story.id ?? `${node.name}-${String(index)}`),
      title: text(story.data.title),
      imageUrl: text(story.data.imageUrl),
      pages: (story.substructure ?? []).map((page, pageIndex) => ({
        id: String(page.id ?? `${String(story.id)}-${String(pageIndex)}`),
        title: text(page.data.title),
        subTitle: text(page.data.subTitle),
        imageUrl: text(page.data.imageUrl) || text(story.data.imageUrl),
        clickUrl: text(page.data.clickUrl),
      })),
    }))
    .filter((story) => story.pages.length > 0);
}

export interface StoriesState {
  stories: Story[];
  story: number;
  page: number;
}

export const storiesStore = createStore<StoriesState>()(() => ({ stories: [], story: 0, page: 0 }));

export function useStories<T>(select: (state: StoriesState) => T): T {
  return useStore(storiesStore, select);
}

function show(stories: Story[], story: number, page: number): void {
  storiesStore.setState({ stories, story, page });
  const current = stories[story];
  if (current) markStoryPage(current.id, page, current.pages.length);
}

/** Opens the viewer on a story, at the page it was left on unless it was watched. */
export function openStory(stories: Story[], story: number): void {
  const current = stories[story];
  if (!current) return;
  show(stories, story, startPage(readViewedStories()[current.id], current.pages.length));
  openDialog('stories');
}

export type StepResult = 'moved' | 'end';

/** The next page, else the next story's start, else 'end' (the viewer closes). */
export function nextPage(): StepResult {
  const { stories, story, page } = storiesStore.getState();
  const current = stories[story];
  if (!current) return 'end';
  if (page + 1 < current.pages.length) {
    show(stories, story, page + 1);
    return 'moved';
  }
  const following = stories[story + 1];
  if (!following) return 'end';
  show(stories, story + 1, startPage(readViewedStories()[following.id], following.pages.length));
  return 'moved';
}

/** The previous page, else the previous story's last page; nothing before the first. */
export function previousPage(): StepResult {
  const { stories, story, page } = storiesStore.getState();
  if (page > 0) {
    show(stories, story, page - 1);
    return 'moved';
  }
  const before = stories[story - 1];
  if (!before) return 'end';
  show(stories, story - 1, before.pages.length - 1);
  return 'moved';
}
