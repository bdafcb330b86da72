/**
 * The game dialogs (commerce §2): 'game-html-iframe' (the game page in a full-screen, sandboxed iframe),
 * 'iframe-game-actions' (restart, fullscreen, quit with a confirmation) and 'game-window' (a game in a
 * window of its own, with the clicked-link fallback when the browser blocked that window).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DialogShell } from '@/components/ui/dialog-shell';
import { SettingsIcon } from '@/components/ui/menu-icons';
import { openDialog, useDialog } from '@/lib/dialogs';
import { openGameWindow, quitGame, restartGame, setGameWindow } from '../play';
import { setGame, useGameStore } from '../store';

export function GameIframeDialog() {
  const { t } = useTranslation();
  const [open] = useDialog('game-html-iframe');
  const game = useGameStore((state) => state.current);
  const round = useGameStore((state) => state.round);
  const frame = useRef<HTMLIFrameElement>(null);
  const show = open && game !== null && game.mode === 'frame';
  // The bridge trusts messages from this frame only (score-bridge.ts); quitting clears it.
  useEffect(() => {
    if (show && frame.current) setGameWindow(frame.current.contentWindow);
  });
  if (game?.mode !== 'frame') return null;
  // After a purchase's return the title may be unknown: the dialog is then named 'Game', never '– game' (issue 30).
  const title = game.title.trim() ? t('games.dialog.title', { title: game.title }) : t('games.dialog.untitled');
  return (
    // Closing asks first: a running round would be lost.
    <DialogShell open={show} onOpenChange={(next) => !next && openDialog('iframe-game-actions')} title={title} closeLabel={t('games.menu.quit')} look="fullscreen">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={() => openDialog('iframe-game-actions')} data-testid="game-menu">
          <SettingsIcon />
          {t('games.menu.title')}
        </Button>
      </div>
      <iframe
        key={round}
        ref={frame}
        src={game.uri}
        title={title}
        data-testid="game-frame"
        allow="autoplay; fullscreen; gamepad"
        allowFullScreen
        // No allow-same-origin: the game runs in an opaque origin, away from the portal's storage and
        // cookies (its document's own CSP sandboxes it the same way; docs/security.md "Games in a sandbox").
        sandbox="allow-scripts allow-pointer-lock"
        onLoad={() => setGameWindow(frame.current?.contentWindow ?? null)}
        className="min-h-0 w-full flex-1 rounded-lg border-0 bg-black"
      />
    </DialogShell>
  );
}

export function GameActionsDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog('iframe-game-actions');
  const [confirming, setConfirming] = useState(false);
  // Reopened, the menu starts at its choices again.
  const change = (next: boolean) => {
    if (!next) setConfirming(false);
    setOpen(next);
  };
  const fullscreen = () => {
    change(false);
    const frame = document.querySelector<HTMLIFrameElement>('[data-testid="game-frame"]');
    void frame?.requestFullscreen().catch(() => undefined);
  };
  return (
    <DialogShell open={open} onOpenChange={change} title={confirming ? t('games.menu.quitTitle') : t('games.menu.title')} closeLabel={t('games.menu.keepPlaying')}>
      <div data-dialog="iframe-game-actions" className="flex flex-col gap-3">
        {confirming ? (
          <>
            <p>{t('games.menu.quitConfirm')}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => change(false)}>
                {t('games.menu.keepPlaying')}
              </Button>
              <Button onClick={quitGame}>{t('games.menu.quitYes')}</Button>
            </div>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={restartGame}>
              {t('games.menu.restart')}
            </Button>
            <Button variant="secondary" onClick={fullscreen}>
              {t('games.menu.fullscreen')}
            </Button>
            <Button onClick={() => setConfirming(true)}>{t('games.menu.quit')}</Button>
          </>
        )}
      </div>
    </DialogShell>
  );
}

export function GameWindowDialog() {
  const { t } = useTranslation();
  const [open] = useDialog('game-window');
  const game = useGameStore((state) => state.current);
  if (!game || game.mode === 'frame') return null;
  const blocked = game.mode === 'link';
  return (
    <DialogShell open={open} onOpenChange={(next) => !next && quitGame()} title={game.title.trim() ? t('games.dialog.title', { title: game.title }) : t('games.dialog.untitled')} closeLabel={t('games.menu.quit')}>
      <div data-dialog="game-window" className="flex flex-col gap-4">
        <p>{blocked ? t('games.window.blocked') : t('games.window.open')}</p>
        {blocked ? (
          // A click is a user gesture: the window opens now; the link itself is the last resort.
          <a
            href={game.uri}
            target={`portal-game-${game.articleId}`}
            data-testid="game-link"
            onClick={(event) => {
              if (openGameWindow(game.uri, game.articleId)) {
                event.preventDefault();
                setGame({ current: { ...game, mode: 'window' } });
              }
            }}
            className={buttonClass('primary')}
          >
            {t('games.window.openLink')}
          </a>
        ) : (
          <p className="text-sm text-muted">{t('games.window.scores')}</p>
        )}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={quitGame}>
            {t('games.menu.quitYes')}
          </Button>
        </div>
      </div>
    </DialogShell>
  );
}
