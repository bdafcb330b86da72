import { describe, expect, it } from 'vitest';
import { followColorScheme } from '../color-scheme';

/** A MediaQueryList whose answer the test changes. */
function systemPreference(dark: boolean) {
  const listeners: ((event: MediaQueryListEvent) => void)[] = [];
  const media = {
    matches: dark,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.push(listener),
  } as unknown as MediaQueryList;
  const change = (next: boolean) => listeners.forEach((listener) => listener({ matches: next } as MediaQueryListEvent));
  return { media, change };
}

describe('the console’s colour scheme', () => {
  it('follows the system: dark tokens and the dark class when it prefers dark, and back when it changes', () => {
    const root = document.createElement('html');
    const system = systemPreference(true);
    followColorScheme(root, system.media);
    expect([root.dataset.theme, root.classList.contains('dark'), root.style.colorScheme]).toEqual(['dark', true, 'dark']);
    system.change(false);
    expect([root.dataset.theme, root.classList.contains('dark'), root.style.colorScheme]).toEqual(['light', false, 'light']);
  });

  it('is light where the browser cannot tell', () => {
    const root = document.createElement('html');
    followColorScheme(root, null);
    expect(root.dataset.theme).toBe('light');
  });
});
