/**
 * Where a checkout returns: the current page without earlier purchase-return parameters. A module of its own
 * (issue 77 item 6): the cart page draws with it and without the commerce runtime, whose purchase-return rules it
 * leaves out.
 */
import { PURCHASE_RETURN_PARAMS } from './return-params';

/** The query string without the consumed parameters ('' or '?…'). */
export function withoutParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The current page as a checkout's return address, without earlier purchase-return parameters. */
export function currentReturnUrl(): string {
  const { origin, pathname, search } = window.location;
  return `${origin}${pathname}${withoutParams(search, PURCHASE_RETURN_PARAMS)}`;
}
