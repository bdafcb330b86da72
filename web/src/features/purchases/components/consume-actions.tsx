/**
 * The actions of a details page that consume the item. Audio and video lead with the primary action
 * by state (issue 13): Play / Listen / Watch when the entitlement answer allows it, else Subscribe,
 * Buy or Sign in; each runs the purchase check (commerce §4, `onCheck`: flow.ts's checkAndConsume,
 * handed in so that the page shows before the flow's code is loaded, issue 52), which plays or shows
 * the ways to get the item. Games keep "Play"; downloadable types add "Download".
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { DownloadIcon, PlayIcon } from '@/components/ui/icons';
import { useKnownDeviceId, usePortalStore } from '@/lib/store';
import { getPurchaseOptionsQueryOptions } from '../api/get-purchase-options';
import { decideConsume } from '../consume-decision';
import { ACTION_LABEL_KEYS, PLAYABLE, actionLabelKey, downloadKind, hasPrimaryAction, playVerb, playsAsPage, primaryActionOf, type PrimaryAction } from '../purchase-types';
import { usePurchaseFlow, type Intent } from '../store';
import type { ArticleRef } from '../types';

interface ConsumeActionsProps {
  article: ArticleRef;
  /** The purchase check for what was pressed. */
  onCheck: (article: ArticleRef, intent: Intent) => void;
  /** The pointer or focus reached a button: the check's code may load now. */
  onPrefetch?: () => void;
  /**
   * Collections: play their tracks when the answer allows it without a question (the app builds the
   * list). Without it, or when a credit must be confirmed, the purchase check runs.
   */
  onPlay?: () => void;
  /** A guest on a free item: the sign-in action says it is free (the page shows no price tag beside it). */
  free?: boolean;
}

export function ConsumeActions({ article, onCheck, onPrefetch, onPlay, free = false }: ConsumeActionsProps) {
  const { t } = useTranslation();
  const busy = usePurchaseFlow((state) => state.busy);
  const download = downloadKind(article.contentType);
  const primary = hasPrimaryAction(article.contentType);
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="consume-actions">
      {primary ? (
        <PrimaryActionButton article={article} onCheck={onCheck} onPrefetch={onPrefetch} onPlay={onPlay} free={free} />
      ) : (
        PLAYABLE.has(article.contentType) && (
          <Button disabled={busy} onClick={() => onCheck(article, 'play')} onPointerEnter={onPrefetch} onFocus={onPrefetch}>
            <PlayIcon />
            {playsAsPage(article.contentType) ? t('purchases.actions.play') : t('purchases.actions.playFull')}
          </Button>
        )
      )}
      {download && (
        <Button variant={primary || PLAYABLE.has(article.contentType) ? 'secondary' : 'primary'} disabled={busy} onClick={() => onCheck(article, 'download')} onPointerEnter={onPrefetch} onFocus={onPrefetch}>
          <DownloadIcon />
          {t('purchases.actions.download')}
        </Button>
      )}
    </div>
  );
}

/** Decided from the entitlement answer; until it is in, the verb shows (same size, disabled). */
function PrimaryActionButton({ article, onCheck, onPrefetch, onPlay, free = false }: ConsumeActionsProps) {
  const { t } = useTranslation();
  const busy = usePurchaseFlow((state) => state.busy);
  const signedIn = usePortalStore((state) => state.role === 'user');
  const deviceId = useKnownDeviceId();
  const answer = useQuery({ ...getPurchaseOptionsQueryOptions({ articleId: article.id, contentType: article.contentType, deviceId: deviceId ?? '1', signedIn }), enabled: deviceId !== null });
  const decision = answer.data ? decideConsume(signedIn, answer.data) : null;
  const action: PrimaryAction = decision ? primaryActionOf(article.contentType, decision) : playVerb(article.contentType);
  const run = () => {
    // Allowed without a question: a collection plays its list at once.
    if (onPlay && decision?.kind === 'consume') onPlay();
    else onCheck(article, 'play');
  };
  return (
    <Button disabled={busy || !decision || action === 'unavailable'} onClick={run} onPointerEnter={onPrefetch} onFocus={onPrefetch} data-testid="primary-action" data-action={decision ? action : 'pending'}>
      <PlayIcon />
      {/* As wide as its widest label, so the answer's label moves nothing beside it (no layout shift). */}
      <span className="grid justify-items-center">
        {/* A new element per label: a label that changes in place moves its text (a layout shift, issue 31). */}
        <span key={action} className="[grid-area:1/1]">{free && action === 'sign-in' ? t('purchases.actions.signInFree') : t(actionLabelKey(action, article.contentType))}</span>
        {[...Object.values(ACTION_LABEL_KEYS), ...(free ? (['purchases.actions.signInFree'] as const) : [])].map((key) => (
          <span key={key} aria-hidden="true" data-label={t(key)} className="invisible [grid-area:1/1] before:content-[attr(data-label)]" />
        ))}
      </span>
    </Button>
  );
}
