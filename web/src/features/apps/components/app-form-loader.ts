/**
 * The register / edit form's code (app-form.tsx with its form library), loaded on first use (issue 77 item 6;
 * lazy-app-form.tsx draws it). The edit page starts the download beside the app's answer (`preloadAppForm`).
 */
import { preloadPart } from '@/lib/lazy-part';

export const loadAppForm = () => import('./app-form');

/** Starts the form's download without waiting for it. */
export function preloadAppForm(): void {
  preloadPart(loadAppForm).catch((error: unknown) => console.error('Could not load the app form', error));
}
