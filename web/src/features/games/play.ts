/**
 * Starting a game (commerce §4 game play): the play call (a free game through /game/play-free, guests
 * too; a paid one through /game/play, the entitlement decision), then the game in the HTML iframe
 * dialog, or in a window of its own when customProperties.useGameFrame is false; a blocked window falls
 * back to a link the user clicks. The purchases flow calls startGame once a purchase check allows play.
 */
import { closeDialog, openDialog } from '@/lib/dialogs';
import { showGenericError } from '@/lib/feedback-dialogs';
import { deviceIdWhenKnown, portalStore } from '@/lib/store';
import type { Answer } from '@/lib/call-result';
import { playArcade, playGame } from './api/play-game';
import { gameStore, setGame, type CurrentGame } from './store';
import type { ArcadeAnswer, PlayAnswer } from './types';

/** The window the running game posts from: the iframe's contentWindow or the opened window. */
let gameWindow: Window | null = null;

export function currentGameWindow(): Window | null {
  return gameWindow;
}

export function setGameWindow(next: Window | null): void {
  gameWindow = next;
}



export interface StartOptions {
  /** A free online game (play-free); by default a guest plays free and a signed-in user through /game/play. */
  free?: boolean;
  /** The user confirmed spending a credit on it (the purchase flow's confirm-purchase dialog). */
  consume?: boolean;
  /** The server asks first (409 CONFIRMATION_REQUIRED: only a credit pays, nothing was spent): the purchase check. */
  confirm?: () => void;
}

export async function startGame(article: { id: number; title: string; contentType: string }, options: StartOptions = {}): Promise<void> {
  const signedIn = portalStore.getState().role === 'user';
  const free = options.free ?? !signedIn;
  setGame({ busy: true });
  const deviceId = await deviceIdWhenKnown();
  // On the arcade page a start enters the game's competition (free games as play-free, paid ones as play).
  const arcade = gameStore.getState().arcade;
  const answer: Answer<PlayAnswer | ArcadeAnswer> | null = await (arcade ? playArcade(article.id, deviceId, !signedIn, options.consume ?? false) : playGame(article.id, deviceId, free, !signedIn, options.consume ?? false)).catch(() => null);
  setGame({ busy: false });
  if (answer?.code === 'CONFIRMATION_REQUIRED' && options.confirm) {
    options.confirm();
    return;
  }
  if (!answer?.ok || !answer.data) {
    if (answer && (answer.status === 401 || (answer.code === 'GAME_NOT_FREE' && !signedIn))) {
      openDialog('login-or-sign-up');
      return;
    }
    if (answer?.code === 'DEVICE_NOT_SUPPORTED') {
      openDialog('device-not-supported');
      return;
    }
    console.error('error online game url', answer?.status, answer?.code);
    showGenericError({ messageKey: 'games.error.play', status: answer?.status ?? null, code: answer?.code ?? null });
    return;
  }
  const { uri, session, useGameFrame } = answer.data;
  if (arcade) setGame({ competition: (answer.data as ArcadeAnswer).competition });
  const game: CurrentGame = { articleId: article.id, title: article.title, uri, session, mode: 'frame', guest: !signedIn };
  const guestSessions = signedIn ? gameStore.getState().guestSessions : { ...gameStore.getState().guestSessions, [article.id]: session };
  gameWindow = null;
  if (useGameFrame) {
    setGame({ current: game, lastScore: null, guestSessions });
    openDialog('game-html-iframe');
    return;
  }
  const opened = openGameWindow(uri, article.id);
  setGame({ current: { ...game, mode: opened ? 'window' : 'link' }, lastScore: null, guestSessions });
  openDialog('game-window');
}

/** window.open; null when the browser blocked it (the dialog then offers a link to click). */
export function openGameWindow(uri: string, articleId: number): Window | null {
  const opened = window.open(uri, `portal-game-${articleId}`);
  if (opened) gameWindow = opened;
  return opened;
}

export function quitGame(): void {
  closeDialog('iframe-game-actions');
  closeDialog('game-html-iframe');
  closeDialog('game-window');
  if (gameWindow && gameStore.getState().current?.mode === 'window') gameWindow.close();
  gameWindow = null;
  setGame({ current: null });
}

export function restartGame(): void {
  closeDialog('iframe-game-actions');
  setGame({ round: gameStore.getState().round + 1 });
}
