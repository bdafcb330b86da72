/**
 * The Share button of a details page: the system share sheet where there is one, else the `share`
 * dialog (share.ts). The link is the item's canonical address on the tenant's public origin (share-url.ts).
 * A tenant that offers no way to share (settings.sharedLinks `[]`) has no button.
 */
import { lazyNamedDialog } from '@/components/ui/lazy-named-dialog';
import { useTranslation } from '@/lib/use-translation';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { startShare } from '../share';
import { shareUrl } from '../share-url';
import { shareWaysOf } from '../share-ways';

/** The `share` dialog's code loads when it first opens (or the pointer reaches the button). */
const share = lazyNamedDialog('share', () => import('../dialogs/share-dialog').then((module) => module.ShareDialog));

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
  const onClick = () => void startShare({ title: item.title, url: shareUrl(item.href, lang, publicOrigin, window.location.origin) });
  return (
    <>
      <button
        type="button"
        onClick={onClick}
        onPointerEnter={share.preload}
        onFocus={share.preload}
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
