/**
 * While a game runs, its score messages (score-bridge.ts) are posted with the game's session (the game
 * itself is sandboxed and cannot), the leaderboard is refreshed and the game told the player's best.
 * Too many posts (429) or an expired session say so once; nothing retries.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { showSnackbar } from '@/lib/snackbar';
import { postScore } from '../api/post-score';
import { leaderboardKey } from '../api/get-leaderboard';
import { currentGameWindow } from '../play';
import { listenForScores, sendBest } from '../score-bridge';
import { setGame, useGameStore } from '../store';
import type { Leaderboard } from '../types';

export function useScoreBridge(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const game = useGameStore((state) => state.current);
  useEffect(() => {
    if (!game) return undefined;
    return listenForScores(window, currentGameWindow, {
      onScore: (score) => {
        void postScore(game.session, score, game.guest).then((answer) => {
          if (answer.ok) {
            setGame({ lastScore: score });
            if (answer.data) sendBest(currentGameWindow(), answer.data.best);
            void queryClient.invalidateQueries({ queryKey: leaderboardKey(game.articleId) });
          } else if (answer.status === 429) showSnackbar(t('games.score.tooMany'), 'error');
          else if (answer.status === 410) showSnackbar(t('games.score.expired'), 'error');
          else console.error('Score not saved', answer.status, answer.code);
        });
      },
      // A game starting: the best the leaderboard on the page knows.
      onReady: () => {
        const boards = queryClient.getQueriesData<Leaderboard>({ queryKey: leaderboardKey(game.articleId) });
        const best = Math.max(0, ...boards.map(([, board]) => board?.me?.score ?? 0));
        if (best > 0) sendBest(currentGameWindow(), best);
      },
    });
  }, [game, queryClient, t]);
}
