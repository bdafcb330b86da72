/**
 * /reward: the caller's tickets (the sum of their ledger), the ledger, newest first, and the
 * challenges that earn them with the caller's step progress. The route is protected; a guest who gets
 * here anyway is asked to sign in.
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { openDialog } from '@/lib/dialogs';
import { formatDate } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useChallenges } from '../api/get-challenges';
import { useRewards } from '../api/get-rewards';
import { ChallengeJoinDialog } from '../dialogs/challenge-join-dialog';
import type { LedgerEntry } from '../types';
import { ChallengeCard } from './challenge-card';

export function RewardsView() {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  if (!signedIn)
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg text-muted">{t('challenges.signIn')}</p>
        <Button onClick={() => openDialog('login-options')}>{t('challenges.signInButton')}</Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-10">
      <Balance />
      <Ledger />
      <Challenges />
      <ChallengeJoinDialog />
    </div>
  );
}

function Balance() {
  const { t } = useTranslation();
  const rewards = useRewards();
  const amount = rewards.data?.pages[0]?.balance.amount;
  return (
    <section aria-labelledby="reward-balance" className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <h2 id="reward-balance" className="text-lg font-bold text-muted">{t('challenges.balanceLabel')}</h2>
      {rewards.isError ? (
        <p role="alert" className="text-muted">{t('challenges.loadError')}</p>
      ) : amount === undefined ? (
        <Skeleton className="h-12 w-40" />
      ) : (
        <p className="text-4xl font-extrabold" data-testid="reward-balance">
          {t('challenges.balance', { count: amount })}
        </p>
      )}
      <p className="text-sm text-muted">{t('challenges.balanceHint')}</p>
    </section>
  );
}

function Challenges() {
  const { t } = useTranslation();
  const list = useChallenges();
  return (
    <section aria-labelledby="reward-challenges" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="reward-challenges" className="text-2xl font-bold">{t('challenges.title')}</h2>
        <p className="text-muted">{t('challenges.intro')}</p>
      </div>
      {list.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1].map((i) => <Skeleton key={i} className="h-64" />)}
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-muted">{t('challenges.loadError')}</p>
      ) : list.data.length === 0 ? (
        <p className="text-muted">{t('challenges.none')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {list.data.map((c) => <ChallengeCard key={c.id} challenge={c} />)}
        </div>
      )}
    </section>
  );
}

function Ledger() {
  const { t } = useTranslation();
  const rewards = useRewards();
  const entries = rewards.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="reward-ledger" className="flex flex-col gap-4">
      <h2 id="reward-ledger" className="text-2xl font-bold">{t('challenges.ledgerTitle')}</h2>
      {rewards.isPending ? (
        <Skeleton className="h-20" />
      ) : rewards.isError ? null : entries.length === 0 ? (
        <p className="text-muted">{t('challenges.ledgerEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="reward-ledger">
          {entries.map((e) => <LedgerRow key={e.id} entry={e} />)}
        </ul>
      )}
      {rewards.hasNextPage && (
        <Button variant="secondary" className="self-center" disabled={rewards.isFetchingNextPage} onClick={() => void rewards.fetchNextPage()}>
          {t('challenges.more')}
        </Button>
      )}
    </section>
  );
}

function LedgerRow({ entry: e }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  return (
    <li className="flex items-center justify-between gap-4 rounded-2xl border border-border bg-surface p-4">
      <span className="flex min-w-0 flex-col gap-1">
        <span className="font-semibold">
          <bdi>{e.challengeTitle || t('challenges.removedChallenge')}</bdi>
          {e.stepTitle && (
            <>
              {' · '}
              <bdi>{e.stepTitle}</bdi>
            </>
          )}
        </span>
        <time dateTime={e.createdAt} className="text-sm text-muted">
          {formatDate(e.createdAt, lang, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </span>
      <span className="shrink-0 text-lg font-bold text-emerald-800 dark:text-emerald-200">
        {t('challenges.plusTickets', { count: e.amount })}
      </span>
    </li>
  );
}
