/**
 * The user's purchases (/myPurchases): owned tracks and audiobooks, 50 a page with the count the
 * server sends (x-result-count), each with the actions the app passes in (download).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ChevronEndIcon, ChevronStartIcon } from '@/components/ui/icons';
import { LazyImage } from '@/components/ui/lazy-image';
import { Skeleton } from '@/components/ui/skeleton';
import { SmartLink } from '@/components/ui/smart-link';
import { formatDate, formatDigits } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { useWallet } from '../api/get-wallet';
import { WALLET_PAGE_SIZE, walletPaging } from '../result-count';
import type { WalletItem } from '../types';

export function WalletList({ actions }: { actions: (item: WalletItem) => ReactNode }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const [page, setPage] = useState(0);
  const wallet = useWallet(page * WALLET_PAGE_SIZE);

  if (wallet.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{t('wallet.loadError')}</p>
        <Button onClick={() => void wallet.refetch()}>{t('wallet.retry')}</Button>
      </div>
    );
  }
  if (!wallet.data) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-20 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  const { items, first, last, total } = wallet.data;
  const paging = walletPaging(page, { first, last, total }, items.length);
  if (total === 0) return <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted">{t('wallet.empty')}</p>;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted" data-testid="wallet-count">
        {t('wallet.showing', { first: formatDigits(first, lang), last: formatDigits(last, lang), total: formatDigits(total, lang) })}
      </p>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id} data-testid="wallet-item" data-article-id={item.article.id} className="flex flex-wrap items-center gap-4 rounded-2xl border border-border bg-surface p-3">
            <LazyImage src={item.article.imageUrl ?? undefined} alt="" errorLabel="" className="size-16 shrink-0 rounded-xl" />
            <div className="flex min-w-40 flex-1 flex-col">
              {item.article.href ? (
                <SmartLink href={item.article.href} className="font-semibold break-words hover:text-primary hover:underline">
                  {item.article.title}
                </SmartLink>
              ) : (
                <span className="font-semibold break-words">{item.article.title}</span>
              )}
              {item.article.artists.length > 0 && <span className="text-sm text-muted">{item.article.artists.map((artist) => artist.title).join(', ')}</span>}
              <span className="text-xs text-muted">
                {item.isCollection ? t('wallet.collection', { count: item.collectionArticles.length }) : null}
                {item.isCollection ? ' · ' : null}
                {t('wallet.acquired', { date: formatDate(item.acquiredAt, lang) })}
              </span>
            </div>
            <div className="flex max-w-full flex-wrap gap-2">{actions(item)}</div>
          </li>
        ))}
      </ul>
      {paging.pages > 1 && (
        <nav aria-label={t('wallet.paging')} className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={!paging.hasPrevious || wallet.isFetching} onClick={() => setPage((value) => Math.max(0, value - 1))}>
            <ChevronStartIcon />
            {t('wallet.previous')}
          </Button>
          <span className="text-sm tabular-nums">{t('wallet.page', { page: formatDigits(page + 1, lang), pages: formatDigits(paging.pages, lang) })}</span>
          <Button variant="secondary" disabled={!paging.hasNext || wallet.isFetching} onClick={() => setPage((value) => value + 1)}>
            {t('wallet.next')}
            <ChevronEndIcon />
          </Button>
        </nav>
      )}
    </div>
  );
}
