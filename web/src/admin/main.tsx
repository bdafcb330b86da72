/**
 * The operators' console at /admin (issue 32): who is signed in comes from GET /backend/admin/me; a
 * visitor without a staff session goes to the hosted sign-in page /admin/login.
 */
import './admin.css';
import { createRoot } from 'react-dom/client';
import { fetchPortalJson } from '@/lib/api-client';
import { shareNonce } from '@/lib/csp-nonce';
import { ConsoleApp } from './app/app';
import { followColorScheme } from './lib/color-scheme';
import { applyDocumentLanguage, createAdminI18n, initialLanguage, LANGUAGE_STORAGE_KEY, linkLanguage, loadAdminMessages } from './lib/i18n';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberLanguage(lang: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage refused (a private window): the link's language still holds for this page
  }
}

async function start(): Promise<void> {
  // The dialogs' scroll lock adds a <style>: it carries the page's nonce, or the policy refuses it.
  shareNonce();
  const lang = initialLanguage(window.location.search, storedLanguage(), navigator.languages);
  const asked = linkLanguage(window.location.search);
  if (asked) {
    rememberLanguage(asked);
    // Kept now: the address loses it, as the console's own addresses carry none.
    const url = new URL(window.location.href);
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  applyDocumentLanguage(lang);
  followColorScheme();
  const [messages, fallback, env] = await Promise.all([
    loadAdminMessages(lang),
    loadAdminMessages('en'),
    fetchPortalJson<{ tenantName: string }>('/api/envFile'),
  ]);
  const i18n = await createAdminI18n(lang, messages, fallback);
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root in the console page');
  createRoot(root).render(<ConsoleApp i18n={i18n} hostTenant={env.tenantName} />);
}

void start();
