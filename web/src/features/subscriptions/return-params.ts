/**
 * The query parameters a checkout, operator or sign-in adds to the address (commerce §2). Its own
 * module: the app shell checks for them on every page to load the commerce runtime (issue 14)
 * without carrying the purchase-return rules.
 */
export const PURCHASE_RETURN_PARAMS = [
  'status',
  'error',
  'msg',
  'message',
  'subTypeId',
  'articleId',
  'purchaseType',
  'typeID',
  'purchaseID',
  'type',
  'i18Message',
  'campgainId',
  'clickId',
] as const;

/** True when `search` carries any of them. */
export function hasPurchaseReturnParams(search: string): boolean {
  if (!search) return false;
  const params = new URLSearchParams(search);
  return PURCHASE_RETURN_PARAMS.some((name) => params.has(name));
}
