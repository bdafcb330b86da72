import type { LanguageCode } from '@/config/languages';
import { accountMsisdn } from '@/lib/account-msisdn';
import { formatPhoneNumber } from '@/lib/formatters';
import type { UserProfile } from './api/get-profile';

type Named = Pick<UserProfile, 'name' | 'lastName' | 'email'> & Partial<Pick<UserProfile, 'msisdn' | 'userInformation'>>;

/** "Name LastName", else the e-mail address, else the mobile number formatted (an account made by its number), else "". */
export function displayName(profile: Named, lang: LanguageCode): string {
  const full = [profile.name, profile.lastName].filter((part) => part && part.trim() !== '').join(' ').trim();
  if (full) return full;
  if (profile.email) return profile.email;
  const msisdn = accountMsisdn(profile);
  return msisdn ? formatPhoneNumber(msisdn, lang) : '';
}

/** Whether displayName is written left to right whatever the page's direction (an e-mail address, a number). */
export function nameIsLtr(profile: Named): boolean {
  return [profile.name, profile.lastName].every((part) => !part || part.trim() === '');
}

/** Up to two initials for the avatar: of the name, else of the e-mail; "" for an account known by its number alone (the avatar shows an icon). */
export function initials(profile: Pick<UserProfile, 'name' | 'lastName' | 'email'>): string {
  const letters = [profile.name, profile.lastName].map((part) => Array.from(part.trim())[0] ?? '').join('');
  if (letters !== '') return letters.toUpperCase();
  return (Array.from(profile.email)[0] ?? '').toUpperCase();
}
