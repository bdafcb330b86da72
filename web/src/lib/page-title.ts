/** A page's own document title (e.g. the article's title), used instead of the route's translated one. */
import { create } from 'zustand';

interface PageTitleState {
  title: string | null;
}

export const usePageTitle = create<PageTitleState>(() => ({ title: null }));

export function setPageTitle(title: string | null): void {
  usePageTitle.setState({ title });
}
