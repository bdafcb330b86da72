/**
 * The global language middleware (spec §2): runs on every navigation. A prefixed path sets the
 * language; an unprefixed path shows English unless the selected language differs, in which case
 * it redirects to the localised path. A prefix of a language the tenant does not offer redirects
 * to the page in the selected language (docs/decisions.md "A tenant's languages").
 */
import { DEFAULT_LANGUAGE, type LanguageCode } from '@/config/languages';
import { localizePath, splitLanguagePrefix } from '@/config/paths';
import { selectLanguage, type LanguageSources } from './select-language';

export type LanguageDecision = { lang: LanguageCode; redirectTo: null } | { lang: LanguageCode; redirectTo: string };

export function resolveNavigationLanguage(url: URL, sources: LanguageSources): LanguageDecision {
  const { lang: prefix, path } = splitLanguagePrefix(url.pathname);
  const offered = sources.offered;
  if (prefix && (!offered || offered.includes(prefix))) return { lang: prefix, redirectTo: null };
  const lang = selectLanguage(sources);
  if (lang === DEFAULT_LANGUAGE && !prefix) return { lang, redirectTo: null };
  return { lang, redirectTo: `${localizePath(path, lang === DEFAULT_LANGUAGE ? null : lang)}${url.search}${url.hash}` };
}
