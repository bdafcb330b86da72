/**
 * The ways the share dialog offers (settings.sharedLinks, docs/tenants.md "The other named settings"): the tenant's
 * list in its order, all six when it sets none, none at all for `[]` (then there is no Share button). The address of
 * each way is share-way-href.ts: the dialog's, which loads on first open, not the details page's (issue 77 item 6).
 */
export const SHARE_WAYS = ['copy', 'email', 'whatsapp', 'telegram', 'facebook', 'x'] as const;
export type ShareWay = (typeof SHARE_WAYS)[number];
export type ShareLinkWay = Exclude<ShareWay, 'copy'>;

function isShareWay(value: unknown): value is ShareWay {
  return (SHARE_WAYS as readonly unknown[]).includes(value);
}

export function shareWaysOf(value: unknown): ShareWay[] {
  if (!Array.isArray(value)) return [...SHARE_WAYS];
  return [...new Set(value.filter(isShareWay))];
}
