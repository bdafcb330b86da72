/**
 * While a game runs, its score messages (score-bridge.ts) are posted with the game's session, and the
 * leaderboard is refreshed. Too many posts (429) or an expired session say so once; nothing retries.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { showSnackbar } from '@/lib/snackbar';
import { postScore } from '../api/post-score';
import { leaderboardKey } from '../api/get-leaderboard';
import { currentGameWindow } from '../play';
import { listenForScores } from '../score-bridge';
import { setGame, useGameStore } from '../store';

export function useScoreBridge(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const game = useGameStore((state) => state.current);
  useEffect(() => {
    if (!game) return undefined;
    return listenForScores(window, currentGameWindow, (score) => {
      void postScore(game.session, score, game.guest).then((answer) => {
        if (answer.ok) {
          setGame({ lastScore: score });
          void queryClient.invalidateQueries({ queryKey: leaderboardKey(game.articleId) });
        } else if (answer.status === 429) showSnackbar(t('games.score.tooMany'), 'error');
        else if (answer.status === 410) showSnackbar(t('games.score.expired'), 'error');
        else console.error('Score not saved', answer.status, answer.code);
      });
    });
  }, [game, queryClient, t]);
}
