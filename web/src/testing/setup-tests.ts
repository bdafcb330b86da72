import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearLoadedImageCache } from '@/components/ui/loaded-images';
import { resetSession } from '@/features/identity/session';
import { resetDialogs } from '@/lib/dialogs';
import { resetSnackbars } from '@/lib/snackbar';
import { resetPortalStore } from '@/lib/store';

// findBy… and waitFor wait for a condition, never a time: a busy two-core machine (a build beside the suite) made
// the library's 1 s default fail tests whose condition came a moment later. A test that fails still fails, later.
configure({ asyncUtilTimeout: 5000 });

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

beforeEach(() => {
  // jsdom does not scroll; the router's scroll restoration calls these.
  window.scrollTo = vi.fn();
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  clearCookies();
  sessionStorage.clear();
  localStorage.clear();
  resetPortalStore();
  resetSession();
  resetDialogs();
  resetSnackbars();
  clearLoadedImageCache();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.className = '';
  document.head.querySelectorAll('#tenant-colors, #tenant-custom-style').forEach((element) => element.remove());
  vi.unstubAllGlobals();
});
