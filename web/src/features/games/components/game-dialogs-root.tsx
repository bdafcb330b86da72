/**
 * The game dialogs, rendered once by the app's commerce dialogs (loaded the first time a dialog
 * opens, issue 14); the score bridge (useScoreBridge) runs with the commerce hosts.
 */
import { GameActionsDialog, GameIframeDialog, GameWindowDialog } from './game-dialogs';

export function GameDialogs() {
  return (
    <>
      <GameIframeDialog />
      <GameActionsDialog />
      <GameWindowDialog />
    </>
  );
}
