/**
 * A game's leaderboard on its details page: the top 10, the caller's entry highlighted, and their rank beyond the top
 * 10. A section under the description, not in the header's action row: its scores arrive after the first render and
 * make it taller, which must move nothing drawn in the first viewport (first-view.spec.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { formatDigits, formatNumber } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { getLeaderboardQueryOptions } from '../api/get-leaderboard';
import { useGameStore } from '../store';

export function GameLeaderboard({ contentId }: { contentId: number }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const guestSession = useGameStore((state) => (signedIn ? null : (state.guestSessions[contentId] ?? null)));
  const { data, isError } = useQuery(getLeaderboardQueryOptions(contentId, signedIn, guestSession));
  const meShown = data?.entries.some((entry) => entry.me) ?? false;
  return (
    <section aria-labelledby={`leaderboard-${contentId}`} data-testid="leaderboard" className="flex w-full flex-col gap-3 rounded-2xl border border-border bg-bg/60 p-4">
      <h2 id={`leaderboard-${contentId}`} className="text-lg font-bold">
        {t('games.leaderboard.title')}
      </h2>
      {isError ? (
        <p className="text-sm text-muted">{t('games.leaderboard.loadError')}</p>
      ) : !data ? (
        <p className="text-sm text-muted">{t('games.leaderboard.loading')}</p>
      ) : data.entries.length === 0 ? (
        <p className="text-sm text-muted">{t('games.leaderboard.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {data.entries.map((entry, index) => (
            <li
              key={`${entry.rank}-${index}`}
              aria-current={entry.me ? 'true' : undefined}
              data-me={entry.me ? 'true' : undefined}
              className={`flex items-center gap-3 rounded-lg px-3 py-1.5 ${entry.me ? 'bg-primary text-primary-contrast font-bold' : 'odd:bg-surface'}`}
            >
              <span className="w-8 shrink-0 text-end tabular-nums">{formatDigits(entry.rank, lang)}</span>
              <bdi className="min-w-0 flex-1 truncate">{entry.me ? t('games.leaderboard.you', { name: entry.name }) : entry.name}</bdi>
              <span className="tabular-nums" dir="ltr">
                {formatNumber(entry.score, lang)}
              </span>
            </li>
          ))}
        </ol>
      )}
      {data?.me && !meShown && (
        <p className="text-sm font-semibold" data-testid="my-rank">
          {t('games.leaderboard.yourRank', { rank: formatDigits(data.me.rank, lang), score: formatNumber(data.me.score, lang) })}
        </p>
      )}
    </section>
  );
}
