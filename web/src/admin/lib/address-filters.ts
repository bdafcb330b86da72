/**
 * A list's filters and page kept in the address (?name=value&…&page=n), so a filtered view can be reloaded,
 * shared and gone back to: each filter trimmed, an empty one and page 1 left out.
 */
export function filtersIn<N extends string>(names: readonly N[], search: URLSearchParams): { filters: Record<N, string>; page: number } {
  const filters = Object.fromEntries(names.map((name) => [name, (search.get(name) ?? '').trim()])) as Record<N, string>;
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return { filters, page: Number.isFinite(page) && page >= 1 ? page : 1 };
}

export function addressOf<N extends string>(names: readonly N[], filters: Record<N, string>, page = 1): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of names) {
    const value = filters[name].trim();
    if (value) search.set(name, value);
  }
  if (page > 1) search.set('page', String(page));
  return search;
}
