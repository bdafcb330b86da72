/**
 * The Share button of a details page: the system share sheet where there is one, else the `share`
 * dialog (share.ts). The link is the item's canonical address on the tenant's public origin (share-url.ts).
 * A tenant that offers no way to share (settings.sharedLinks `[]`) has no button.
 */
import { lazyNamedDialog } from '@/components/ui/lazy-named-dialog';
import { loadPart } from '@/lib/lazy-part';
import { usePortalStore } from '@/lib/store';
import { useTranslation } from '@/lib/use-translation';
import { useCurrentLanguage } from '@/lib/use-language';
import { shareWaysOf } from '../share-ways';

/** The `share` dialog's code loads when it first opens (or the pointer reaches the button). */
const share = lazyNamedDialog('share', () => import('../dialogs/share-dialog').then((module) => module.ShareDialog));

/** What the press runs (share-item.ts): loaded with the dialog's code when the pointer reaches the button, else on the press. */
const loadShareItem = () => import('../share-item');

function prefetch(): void {
  share.preload();
  loadShareItem().catch(() => undefined);
}

export function ShareIcon(props: { width?: number; height?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={props.width ?? 20} height={props.height ?? 20} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

export function ShareButton({ item }: { item: { title: string; href: string } }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const publicOrigin = usePortalStore((state) => state.configs.publicOrigin);
  const offered = usePortalStore((state) => shareWaysOf(state.configs.sharedLinks).length > 0);
  if (!offered) return null;
  const onClick = () => {
    loadPart(loadShareItem)
      .then(({ shareItem }) => shareItem(item, lang, publicOrigin))
      .catch((error: unknown) => console.error('Could not start sharing', error));
  };
  return (
    <>
      <button
        type="button"
        onClick={onClick}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        title={t('share.shareItem', { title: item.title })}
        className="inline-flex items-center gap-2 rounded-full border border-border px-4 py-2.5 font-semibold text-text transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent"
      >
        <ShareIcon />
        <span>{t('share.button')}</span>
      </button>
      <share.Dialog />
    </>
  );
}
