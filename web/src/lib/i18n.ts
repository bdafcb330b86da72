/**
 * The one i18n wrapper: i18next + react-i18next with typed keys (from the English bundle) and
 * bundles loaded on demand. Only the start-up language (and the tenant default) load at start;
 * `changeLanguage` loads the target and the fallback bundle before switching.
 *
 * In development, `localStorage.setItem('portal:pseudo', '1')` turns on a pseudo-locale that
 * decorates every translated string, so untranslated text stands out.
 */
import i18next, { type FormatFunction, type i18n as I18nInstance, type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type LanguageCode } from '@/config/languages';
import type en from '@/locales/en/messages.json';
import { formatDigits, formatNumber } from './formatters';
import { whenIdle } from './yield';

export type Messages = typeof en;
export type MessagesLoader = (lang: LanguageCode) => Promise<Record<string, unknown> | null>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

const PSEUDO_ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú', c: 'ç', n: 'ñ' };

const pseudoLocale: PostProcessorModule = {
  type: 'postProcessor',
  name: 'pseudo',
  process: (value: string) => `[${value.replace(/[aeiouAEIOUcn]/g, (char) => PSEUDO_ACCENTS[char] ?? char)}]`,
};

function pseudoEnabled(): boolean {
  try {
    return import.meta.env.DEV && typeof localStorage !== 'undefined' && localStorage.getItem('portal:pseudo') === '1';
  } catch {
    return false;
  }
}

/**
 * Numbers put into a message ("Season {{season}}", "{{count}} items") take the language's digits: in
 * Arabic they are Arabic-Indic like the rest of the text. Strings (codes, PINs, numbers typed by the
 * user) are left as they are.
 */
export function interpolatedValue(value: unknown, lng: string | undefined, format?: string): unknown {
  // `{{count, number}}`: a count that can reach thousands, grouped as the language groups them.
  if (format === 'number' && typeof value === 'number' && lng) return formatNumber(value, lng as LanguageCode);
  return lng === 'ar' && typeof value === 'number' && Number.isInteger(value) ? formatDigits(value, 'ar') : value;
}

let instance: I18nInstance | null = null;
let loader: MessagesLoader = () => Promise.resolve(null);
const pending = new Map<LanguageCode, Promise<boolean>>();

export function setMessagesLoader(next: MessagesLoader): void {
  loader = next;
}

/** Creates the i18n instance with the start-up language's bundle already in memory. */
export async function initI18n(lang: LanguageCode, messages: Record<string, unknown>): Promise<I18nInstance> {
  const next = i18next.createInstance();
  next.use(initReactI18next).use(pseudoLocale);
  await next.init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: { [lang]: { translation: messages } },
    partialBundledLanguages: true,
    // i18next types the result as a string; any other value is turned into one by i18next itself.
    interpolation: { escapeValue: false, alwaysFormat: true, format: ((value: unknown, format?: string, lng?: string) => interpolatedValue(value, lng, format)) as FormatFunction },
    returnNull: false,
    showSupportNotice: false,
    postProcess: pseudoEnabled() ? ['pseudo'] : false,
    react: { useSuspense: false },
  });
  instance = next;
  pending.clear();
  return next;
}

export function getI18n(): I18nInstance {
  if (!instance) throw new Error('i18n is used before start-up initialised it');
  return instance;
}

/** Loads one language bundle once; logs and resolves false when it cannot be found. */
export function loadMessages(lang: LanguageCode): Promise<boolean> {
  const i18n = getI18n();
  if (i18n.hasResourceBundle(lang, 'translation')) return Promise.resolve(true);
  const inFlight = pending.get(lang);
  if (inFlight) return inFlight;
  const load = loader(lang)
    .then((messages) => {
      if (!messages || Object.keys(messages).length === 0) {
        console.error('Could not find messages for locale code', lang);
        return false;
      }
      i18n.addResourceBundle(lang, 'translation', messages, true, true);
      return true;
    })
    .catch((error: unknown) => {
      console.error(`Could not load messages for "${lang}"`, error);
      return false;
    })
    .finally(() => pending.delete(lang));
  pending.set(lang, load);
  return load;
}

/** How long a bundle loaded when idle waits for an idle period at most. */
const IDLE_TIMEOUT_MS = 5000;

/**
 * Loads the language's bundle, then switches; the fallback bundle follows in an idle period. Every
 * bundle holds every key (src/locales/__tests__/messages.test.ts): the fallback only covers a bundle
 * the backend answered without some, so the first page does not wait for it, nor parse it before
 * its first render (issue 14).
 */
export async function changeLanguage(lang: LanguageCode): Promise<void> {
  const i18n = getI18n();
  await loadMessages(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  loadMessagesWhenIdle(FALLBACK_LANGUAGE);
}

/** Loads a bundle the page does not show yet (the fallback, the tenant's default) in an idle period. */
export function loadMessagesWhenIdle(lang: LanguageCode): void {
  if (typeof window === 'undefined' || getI18n().hasResourceBundle(lang, 'translation')) return;
  whenIdle(() => void loadMessages(lang), IDLE_TIMEOUT_MS);
}
