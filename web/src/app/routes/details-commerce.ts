/**
 * Which details pages need the commerce runtime as they show (issue 52): vouchers, games and apps
 * draw actions that start the flows at once (runtime-commerce-actions.tsx), so their page loads with
 * the runtime (page-modules.ts) or waits for it (catalog-details.tsx). Audio, video and the rest
 * show without it; their buttons bring it when pressed (commerce-actions.tsx).
 */
export const VOUCHERS: ReadonlySet<string> = new Set(['voucher', 'voucherbook']);
export const GAMES: ReadonlySet<string> = new Set(['online_game', 'cloud_game', 'game']);

export function actionsNeedRuntime(contentType: string): boolean {
  return VOUCHERS.has(contentType) || GAMES.has(contentType) || contentType === 'app';
}
