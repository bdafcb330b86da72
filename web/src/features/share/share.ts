/**
 * Sharing an item: the Web Share API where the browser has it (the system's share sheet), else
 * the `share` dialog with its copy-link fallback (the Clipboard API, then a selectable field).
 * A share the user cancels in the sheet is the end of it; a sheet that fails opens the dialog.
 */
import { createStore, useStore } from 'zustand';
import { openDialog } from '@/lib/dialogs';

export interface ShareTarget {
  title: string;
  url: string;
}

export const shareStore = createStore<{ target: ShareTarget | null }>()(() => ({ target: null }));

export function useShareTarget(): ShareTarget | null {
  return useStore(shareStore, (state) => state.target);
}

type ShareNavigator = Partial<Pick<Navigator, 'share' | 'canShare' | 'clipboard'>>;

export type ShareOutcome = 'shared' | 'cancelled' | 'dialog';

function currentNavigator(): ShareNavigator | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator;
}

export async function startShare(target: ShareTarget, nav: ShareNavigator | undefined = currentNavigator()): Promise<ShareOutcome> {
  shareStore.setState({ target });
  const data = { title: target.title, url: target.url };
  if (typeof nav?.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare(data))) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      console.error('The share sheet failed; offering the link instead', error);
    }
  }
  openDialog('share');
  return 'dialog';
}

/** Copies the link with the Clipboard API; false when it is missing or refused (the field is then selected). */
export async function copyLink(url: string, nav: ShareNavigator | undefined = currentNavigator()): Promise<boolean> {
  if (typeof nav?.clipboard?.writeText !== 'function') return false;
  try {
    await nav.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}
