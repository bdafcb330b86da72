/**
 * Where a page's scroll position is kept: by history entry, except a page loaded by typing its
 * address (or a link from elsewhere), whose entry is always 'default' — keyed by its address, so it
 * no longer opens at the position of whichever page was loaded before it (issue 30).
 */
export function scrollKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}
