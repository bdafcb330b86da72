/** The game dialogs and the score bridge, rendered once where games are started. */
import { useScoreBridge } from '../hooks/use-score-bridge';
import { GameActionsDialog, GameIframeDialog, GameWindowDialog } from './game-dialogs';

export function GamesRoot() {
  useScoreBridge();
  return (
    <>
      <GameIframeDialog />
      <GameActionsDialog />
      <GameWindowDialog />
    </>
  );
}
