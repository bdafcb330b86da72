/**
 * The header's account control: a sign-in button for guests, the account menu (Radix) for users. The
 * menu loads on first use (issue 14): until then a button with the same look stands in; pointing at
 * it or focusing it starts the download, pressing it puts the menu in its place, open.
 */
import { toImageUrl } from '@/lib/image-url';
import type { ButtonHTMLAttributes, KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { buttonClass } from '@/components/ui/button-class';
import { UserIcon } from '@/components/ui/icons';
import { openDialog } from '@/lib/dialogs';
import { ltrIsolated } from '@/lib/formatters';
import { useDeferredPart } from '@/lib/lazy-part';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useProfile } from '../api/get-profile';
import { avatarOf, useAvatarList } from '../avatars';
import { usePartnerLoginOptions } from '../hooks/use-partner-login-options';
import { displayName, initials, nameIsLtr } from '../profile-names';

const loadPopup = () => import('./account-menu-popup');

export function AccountControl() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  return signedIn ? <AccountMenu /> : <SignInButton />;
}

export function SignInButton() {
  const { t } = useTranslation();
  // A partner tenant's sign-in ways are asked while the guest looks at the page, so the dialog opens with them.
  usePartnerLoginOptions();
  return (
    // Below sm an icon (its name still "Sign in"), so the header fits a 320-pixel phone in every language.
    <button type="button" onClick={() => openDialog('login-options')} className={buttonClass('primary', 'px-4! py-2! text-sm whitespace-nowrap max-sm:size-10 max-sm:rounded-full max-sm:p-0!')}>
      <UserIcon className="sm:hidden" />
      <span className="max-sm:sr-only">{t('auth.signIn')}</span>
    </button>
  );
}

/**
 * The account's button: its picture, else its initials, else (an account known by its mobile number alone, or before
 * the profile has loaded) the person icon. Its accessible name always names the menu and, once known, the account.
 */
function AccountTrigger(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const profile = useProfile().data;
  const avatars = useAvatarList();
  const name = profile ? displayName(profile, lang) : '';
  const letters = profile ? initials(profile) : '';
  const avatar = profile ? avatarOf(profile, avatars) : null;
  const shownName = profile && nameIsLtr(profile) ? ltrIsolated(name) : name;
  const label = !name ? t('auth.accountMenuUnnamed') : letters ? t('auth.accountMenu', { name: shownName, initials: letters }) : t('auth.accountMenuNamed', { name: shownName });
  return (
    <button
      type="button"
      data-testid="account-menu-trigger"
      aria-label={label}
      className="inline-flex size-10 items-center justify-center overflow-hidden rounded-full bg-primary text-sm font-bold text-primary-contrast focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      {...props}
    >
      {avatar ? <img src={toImageUrl(avatar) ?? avatar} alt="" className="size-full object-cover" data-testid="account-avatar" /> : letters ? <span aria-hidden="true">{letters}</span> : <UserIcon />}
    </button>
  );
}

function AccountMenu() {
  const popup = useDeferredPart(loadPopup);
  if (popup.module && popup.requested) return <popup.module.AccountMenuPopup trigger={<AccountTrigger />} />;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      popup.request();
    }
  };
  return <AccountTrigger aria-haspopup="menu" aria-expanded={false} onPointerEnter={popup.prefetch} onFocus={popup.prefetch} onClick={popup.request} onKeyDown={onKeyDown} />;
}
