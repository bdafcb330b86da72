import type { UserProfile } from './api/get-profile';

/** "Name LastName", else the e-mail address. */
export function displayName(profile: Pick<UserProfile, 'name' | 'lastName' | 'email'>): string {
  const full = [profile.name, profile.lastName].filter((part) => part && part.trim() !== '').join(' ').trim();
  return full || profile.email;
}

/** Up to two initials for the avatar. */
export function initials(profile: Pick<UserProfile, 'name' | 'lastName' | 'email'>): string {
  const letters = [profile.name, profile.lastName].map((part) => Array.from(part.trim())[0] ?? '').join('');
  if (letters !== '') return letters.toUpperCase();
  return (Array.from(profile.email)[0] ?? '?').toUpperCase();
}
