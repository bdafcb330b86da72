/**
 * The page before the current one (its path without query), for choices that follow where the
 * visitor came from: the subscribe button's plan category (commerce §4) on a page without one.
 */
let current: string | null = null;
let previous: string | null = null;

/** Called on every navigation with the new page's path; a repeat of the same path changes nothing. */
export function rememberPath(pathname: string): void {
  if (pathname === current) return;
  previous = current;
  current = pathname;
}

/** The page before `pathname`, whether or not the navigation to it has been remembered yet. */
export function pathBefore(pathname: string): string | null {
  return current === pathname ? previous : current;
}

/** Tests start from no history. */
export function resetPathHistory(): void {
  current = null;
  previous = null;
}
