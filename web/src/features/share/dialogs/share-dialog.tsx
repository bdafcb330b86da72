/**
 * The `share` dialog (commerce §2): the item's link in a read-only field and a copy button. Copying
 * uses the Clipboard API; where that is missing or refused the field's text is selected and the
 * dialog says how to copy it by hand. Its Radix shell loads the first time it opens (issue 14).
 * The tenant chooses which ways it offers and their order (settings.sharedLinks, share-ways.ts): the
 * others are links to a mail or a site's share page, opened in a new tab without the external
 * redirect disclaimer, since the visitor chose to go there.
 */
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { LazyDialogShell } from '@/components/ui/lazy-dialog-shell';
import { useDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { copyLink, useShareTarget, type ShareTarget } from '../share';
import { shareWayHref } from '../share-way-href';
import { shareWaysOf, type ShareLinkWay } from '../share-ways';

type CopyState = 'idle' | 'copied' | 'manual';

export function ShareDialog() {
  const { t } = useTranslation();
  const [open, setDialogOpen] = useDialog('share');
  const target = useShareTarget();
  const ways = shareWaysOf(usePortalStore((state) => state.configs.sharedLinks));
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const setOpen = (next: boolean) => {
    if (!next) setCopy('idle');
    setDialogOpen(next);
  };
  if (!target) return null;

  const selectField = () => {
    field.current?.focus();
    field.current?.select();
  };
  const onCopy = async () => {
    if (await copyLink(target.url)) {
      setCopy('copied');
    } else {
      setCopy('manual');
      selectField();
    }
  };

  // The copy field keeps its place in the tenant's order among the links.
  const copyAt = ways.indexOf('copy');
  const links = ways.filter((way): way is ShareLinkWay => way !== 'copy');
  const before = copyAt === -1 ? links : links.slice(0, copyAt);
  const after = copyAt === -1 ? [] : links.slice(copyAt);

  return (
    <LazyDialogShell open={open} onOpenChange={setOpen} title={t('share.title')} description={target.title} closeLabel={t('dialogs.close')}>
      <div data-dialog="share" className="flex flex-col gap-3">
        <ShareWayLinks ways={before} target={target} />
        {copyAt !== -1 && (
          <>
            <label htmlFor="share-link" className="text-sm font-semibold">
              {t('share.linkLabel')}
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                ref={field}
                id="share-link"
                type="text"
                readOnly
                dir="ltr"
                value={target.url}
                onFocus={(event) => event.currentTarget.select()}
                aria-describedby="share-status"
                className="min-w-0 flex-1 rounded-lg border border-border bg-bg px-3 py-2 font-mono text-sm text-text select-all focus-visible:outline-2 focus-visible:outline-accent"
              />
              <Button onClick={() => void onCopy()}>{copy === 'copied' ? t('share.copiedShort') : t('share.copy')}</Button>
            </div>
            <p id="share-status" aria-live="polite" className="min-h-5 text-sm text-muted">
              {copy === 'manual' ? t('share.manual') : copy === 'copied' ? t('share.copied') : ''}
            </p>
          </>
        )}
        <ShareWayLinks ways={after} target={target} />
      </div>
    </LazyDialogShell>
  );
}

function ShareWayLinks({ ways, target }: { ways: ShareLinkWay[]; target: ShareTarget }) {
  const { t } = useTranslation();
  if (ways.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {ways.map((way) => (
        <li key={way}>
          <a href={shareWayHref(way, target)} target="_blank" rel="noopener noreferrer" data-share-way={way} className={buttonClass('secondary', 'text-sm')}>
            {t(`share.ways.${way}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
