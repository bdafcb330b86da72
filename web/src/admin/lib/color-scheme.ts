/**
 * Light or dark in the console: it follows the system's preference (prefers-color-scheme), and changes
 * with it while open. The storefront's design tokens (src/theme.css, `:root[data-theme='dark']`) give
 * every page its colours, and the reports' charts read the same tokens again when the theme changes.
 */
export type ColorScheme = 'light' | 'dark';

export function applyColorScheme(scheme: ColorScheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = scheme;
  root.classList.toggle('dark', scheme === 'dark');
  root.style.colorScheme = scheme;
}

/** Applies the system's scheme now and on every change; `media` is null where matchMedia is missing (light). */
export function followColorScheme(
  root: HTMLElement = document.documentElement,
  media: MediaQueryList | null = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null,
): void {
  applyColorScheme(media?.matches ? 'dark' : 'light', root);
  media?.addEventListener('change', (event) => applyColorScheme(event.matches ? 'dark' : 'light', root));
}
