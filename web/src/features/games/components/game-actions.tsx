/**
 * A game's details actions (commerce §4 game play): the one button by state (button-state.ts); an online
 * game's leaderboard is a section of its page (GameLeaderboard); the game dialogs live once in the app
 * (GameDialogs, loaded with the other dialogs). What only the purchases feature can do (the purchase check that opens the upgrade,
 * inactive or purchase dialogs, and downloads) and signing in come from the app as callbacks.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isolated, numberLocale } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { DownloadIcon, PlayIcon } from '@/components/ui/icons';
import { useKnownDeviceId, usePortalStore } from '@/lib/store';
import { gameOptionsQueryOptions } from '../api/get-game-options';
import { gameButtonState, isFreeGame, isOnlineGame, spendsCredit, type GameButtonState } from '../button-state';
import { startGame } from '../play';
import { setGame, useGameStore } from '../store';
import type { GameArticle } from '../types';

interface Props {
  article: GameArticle;
  /** The purchases feature's purchase check (it plays through startGame, or downloads). */
  onPurchaseCheck: (intent: 'play' | 'download') => void;
  onSignIn: () => void;
  /** A guest on a free game to download: the sign-in action says it is free (no price tag beside it, issue 30). */
  free?: boolean;
  /** The arcade page (/arcade/details/…): a start enters the game's competition (/game/arcade-competition). */
  arcade?: boolean;
}

const LABEL: Record<GameButtonState, string> = {
  free: 'games.actions.free',
  download: 'games.actions.download',
  play: 'games.actions.play',
  'sign-in': 'games.actions.signIn',
  upgrade: 'games.actions.upgrade',
  inactive: 'games.actions.inactive',
  buy: 'games.actions.buy',
  unavailable: 'games.actions.unavailable',
  'device-not-supported': 'games.actions.deviceNotSupported',
  loading: 'games.actions.loading',
};

/** The operating systems a game to download runs on (customProperties.platforms; empty: any). */
function platformsOf(article: GameArticle): string[] {
  const platforms = (article.customProperties as Record<string, unknown> | null | undefined)?.platforms;
  return Array.isArray(platforms) ? platforms.filter((entry): entry is string => typeof entry === 'string' && entry !== '') : [];
}

export function GameActions({ article, onPurchaseCheck, onSignIn, free = false, arcade = false }: Props) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  useEffect(() => {
    if (!arcade) return undefined;
    setGame({ arcade: true, competition: null });
    return () => setGame({ arcade: false, competition: null });
  }, [arcade]);
  const competition = useGameStore((state) => (state.arcade && state.competition?.contentId === article.id ? state.competition : null));
  const signedIn = usePortalStore((state) => state.role === 'user');
  const deviceId = useKnownDeviceId();
  const busy = useGameStore((state) => state.busy);
  const asks = signedIn && !isFreeGame(article);
  const options = useQuery({ ...gameOptionsQueryOptions(article.id, article.contentType, deviceId ?? '1'), enabled: asks && deviceId !== null });
  const state = gameButtonState(article, signedIn, asks ? (options.data ?? null) : null);
  const ref = { id: article.id, title: article.title, contentType: article.contentType };
  const act = () => {
    switch (state) {
      case 'free':
        return void startGame(ref, { free: true });
      case 'play':
        // A credit is spent only on the user's word: the purchase check asks (confirm-purchase), then plays.
        if (spendsCredit(options.data ?? null)) return onPurchaseCheck('play');
        return void startGame(ref, { free: false, confirm: () => onPurchaseCheck('play') });
      case 'download':
        return onPurchaseCheck('download');
      case 'sign-in':
        return onSignIn();
      case 'upgrade':
      case 'inactive':
      case 'buy':
        return onPurchaseCheck(isOnlineGame(article.contentType) ? 'play' : 'download');
      default:
        return undefined;
    }
  };
  const disabled = busy || state === 'loading' || state === 'unavailable' || state === 'device-not-supported';
  const platforms = state === 'device-not-supported' ? platformsOf(article) : [];
  return (
    <>
      <Button onClick={act} disabled={disabled} data-game-state={state} data-testid="game-action">
        {state === 'download' ? <DownloadIcon /> : disabled ? null : <PlayIcon />}
        {free && state === 'sign-in' ? t('games.actions.signInFree') : t(LABEL[state] as 'games.actions.play')}
      </Button>
      {platforms.length > 0 && (
        <p className="basis-full text-sm text-muted" data-testid="game-platforms">
          {t('games.platforms', { platforms: new Intl.ListFormat(numberLocale(lang), { type: 'disjunction' }).format(platforms.map(isolated)) })}
        </p>
      )}
      {competition && (
        <p className="basis-full text-sm text-muted" role="status" data-testid="game-competition">
          {t('games.competition.players', { count: competition.players })}{' '}
          {competition.me ? t('games.competition.standing', { rank: competition.me.rank, score: competition.me.score }) : t('games.competition.noScore')}
        </p>
      )}
    </>
  );
}
