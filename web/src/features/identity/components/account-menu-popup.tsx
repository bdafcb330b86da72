/**
 * The account menu (Radix dropdown), loaded on first use and mounted open (account-menu.tsx). Not
 * modal: a modal menu marks the rest of the page aria-hidden while it stays focusable, which axe
 * reports as aria-hidden-focus (issue 47); a click or focus outside closes it.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { DownloadIcon, HeartIcon, HistoryIcon, LogOutIcon, SettingsIcon, TicketIcon, TrophyIcon, UserIcon } from '@/components/ui/icons';
import { getLanguage } from '@/config/languages';
import { openDialog } from '@/lib/dialogs';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { useProfile } from '../api/get-profile';
import { useSignOut } from '../hooks/use-sign-in';
import { displayName } from '../profile-names';

const ITEM = 'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-bg data-[highlighted]:text-primary';

export function AccountMenuPopup({ trigger }: { trigger: ReactElement }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const profile = useProfile().data;
  const signOut = useSignOut();
  const name = profile ? displayName(profile) : '';
  return (
    <DropdownMenu.Root dir={getLanguage(lang).dir} defaultOpen modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-xl border border-border bg-surface p-1 text-text shadow-lg">
          <DropdownMenu.Label className="flex flex-col px-3 py-2">
            <span className="font-semibold">{name}</span>
            {profile?.email && <span className="text-xs text-muted" dir="ltr">{profile.email}</span>}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={localize('/profile')}>
              <UserIcon className="size-4" />
              {t('auth.profile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={localize('/profile/manage')}>
              <SettingsIcon className="size-4" />
              {t('auth.manage')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={localize('/favorites')}>
              <HeartIcon className="size-4" />
              {t('auth.favorites')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={localize('/history')}>
              <HistoryIcon className="size-4" />
              {t('auth.history')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={localize('/reward')}>
              <TrophyIcon className="size-4" />
              {t('auth.rewards')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={localize('/myPurchases')}>
              <DownloadIcon className="size-4" />
              {t('auth.myPurchases')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => openDialog('redeem')}>
            <TicketIcon className="size-4" />
            {t('auth.redeemCode')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={ITEM} onSelect={() => void signOut()}>
            <LogOutIcon className="size-4" />
            {t('auth.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
