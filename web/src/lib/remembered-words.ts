/**
 * Words a visitor has seen or put away (the announcement, the welcome popup), kept in local storage so that they stay
 * away until the operator changes them. Where storage is refused, nothing is remembered.
 */
export function rememberedWords(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberWords(key: string, words: string): void {
  try {
    window.localStorage.setItem(key, words);
  } catch {
    // Storage refused: shown again on the next visit.
  }
}
