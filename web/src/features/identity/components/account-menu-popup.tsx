/**
 * The account menu (Radix dropdown), loaded on first use and mounted open (account-menu.tsx). Not
 * modal: a modal menu marks the rest of the page aria-hidden while it stays focusable, which axe
 * reports as aria-hidden-focus (issue 47); a click or focus outside closes it. The tenant chooses its
 * entries and adds links of its own (profile-menu.ts).
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentType, ReactElement } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { ChevronEndIcon, DownloadIcon, UserIcon } from '@/components/ui/icons';
import { HeartIcon, HistoryIcon, LogOutIcon, SettingsIcon, TicketIcon, TrophyIcon } from '@/components/ui/menu-icons';
import { Ltr } from '@/components/ui/ltr-text';
import { SmartLink } from '@/components/ui/smart-link';
import { getLanguage } from '@/config/languages';
import { accountMsisdn } from '@/lib/account-msisdn';
import { openDialog } from '@/lib/dialogs';
import { formatPhoneNumber } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { useProfile } from '../api/get-profile';
import { useSignOut } from '../hooks/use-sign-in';
import { profileMenuOf, type ProfileMenuItem } from '../profile-menu';
import { displayName, nameIsLtr } from '../profile-names';

const ITEM = 'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-bg data-[highlighted]:text-primary';

type EntryLabel = `auth.${'profile' | 'manage' | 'favorites' | 'history' | 'rewards' | 'myPurchases' | 'redeemCode'}`;

/** Each entry: a page of the account, or (redeem) a dialog. */
const ENTRIES: Record<ProfileMenuItem, { label: EntryLabel; Icon: ComponentType<{ className?: string }>; path?: string }> = {
  profile: { label: 'auth.profile', Icon: UserIcon, path: '/profile' },
  manage: { label: 'auth.manage', Icon: SettingsIcon, path: '/profile/manage' },
  favorites: { label: 'auth.favorites', Icon: HeartIcon, path: '/favorites' },
  history: { label: 'auth.history', Icon: HistoryIcon, path: '/history' },
  rewards: { label: 'auth.rewards', Icon: TrophyIcon, path: '/reward' },
  purchases: { label: 'auth.myPurchases', Icon: DownloadIcon, path: '/myPurchases' },
  redeem: { label: 'auth.redeemCode', Icon: TicketIcon },
};

export function AccountMenuPopup({ trigger }: { trigger: ReactElement }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const profile = useProfile().data;
  const signOut = useSignOut();
  const configs = usePortalStore((state) => state.configs);
  const { items, links } = profileMenuOf(configs, lang);
  const name = profile ? displayName(profile, lang) : '';
  const msisdn = profile ? accountMsisdn(profile) : null;
  // An e-mail address or a number shown as the name keeps its left-to-right order in Arabic.
  const ltrName = profile ? nameIsLtr(profile) : false;
  return (
    <DropdownMenu.Root dir={getLanguage(lang).dir} defaultOpen modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-xl border border-border bg-surface p-1 text-text shadow-lg">
          <DropdownMenu.Label className="flex flex-col items-start px-3 py-2" data-testid="account-menu-label">
            <span className="font-semibold">{ltrName ? <Ltr>{name}</Ltr> : name}</span>
            {profile?.email && profile.email !== name && (
              <span className="text-xs text-muted">
                <Ltr>{profile.email}</Ltr>
              </span>
            )}
            {msisdn && formatPhoneNumber(msisdn, lang) !== name && (
              <span className="text-xs text-muted">
                <Ltr>{formatPhoneNumber(msisdn, lang)}</Ltr>
              </span>
            )}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {items.map((item) => {
            const { label, Icon, path } = ENTRIES[item];
            const content = (
              <>
                <Icon className="size-4" />
                {t(label)}
              </>
            );
            return path ? (
              <DropdownMenu.Item key={item} asChild className={ITEM}>
                <Link to={localize(path)}>{content}</Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item key={item} className={ITEM} onSelect={() => openDialog('redeem')}>
                {content}
              </DropdownMenu.Item>
            );
          })}
          {links.map((link) => (
            <DropdownMenu.Item key={`${link.href} ${link.label}`} asChild className={ITEM}>
              <SmartLink href={link.href}>
                <ChevronEndIcon className="size-4" />
                {link.label}
              </SmartLink>
            </DropdownMenu.Item>
          ))}
          {items.length + links.length > 0 && <DropdownMenu.Separator className="my-1 h-px bg-border" />}
          <DropdownMenu.Item className={ITEM} onSelect={() => void signOut()}>
            <LogOutIcon className="size-4" />
            {t('auth.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
