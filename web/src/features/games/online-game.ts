/**
 * Games played in the browser (online and cloud games) against games to download. Its own module: a game's
 * details page asks it before the commerce runtime's game code is loaded (issue 52).
 */
const ONLINE = new Set(['online_game', 'cloud_game']);

export function isOnlineGame(contentType: string): boolean {
  return ONLINE.has(contentType.toLowerCase());
}
