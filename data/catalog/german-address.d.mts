// The types of german-address.mjs, for the client's test of its German bundles (web/src/locales/__tests__).
/** The "du" words of a German text, empty when it has none. */
export function duForms(text: string): string[];
/** [where, text] of every string below a "de" key of a JSON value. */
export function germanTexts(value: unknown, where?: string, inGerman?: boolean): [string, string][];
