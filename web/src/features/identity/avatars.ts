/**
 * The pictures a customer may choose for their account (settings.avatarList, docs/tenants.md "The other named
 * settings"), kept in the profile's `userInformation.avatar`. A picture the tenant no longer offers is not shown:
 * the account shows its initials again, and the next save of the profile drops it (the server refuses it).
 */
import { useMemo } from 'react';
import { usePortalStore } from '@/lib/store';
import type { UserProfile } from './api/get-profile';

export function avatarListOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((src): src is string => typeof src === 'string' && src.trim() !== ''))];
}

export function useAvatarList(): string[] {
  const value = usePortalStore((state) => state.configs.avatarList);
  return useMemo(() => avatarListOf(value), [value]);
}

/** The account's picture while the tenant offers it, else null. */
export function avatarOf(profile: Pick<UserProfile, 'userInformation'>, avatars: readonly string[]): string | null {
  const avatar = (profile.userInformation as Record<string, unknown> | null)?.avatar;
  return typeof avatar === 'string' && avatars.includes(avatar) ? avatar : null;
}

/** The profile's `userInformation` with `avatar` chosen ('' for none): as read when that changes nothing. */
export function withAvatar(information: UserProfile['userInformation'] | null, avatar: string): UserProfile['userInformation'] | null {
  if ((information?.avatar ?? '') === avatar) return information;
  const next = { ...information };
  if (avatar) next.avatar = avatar;
  else delete next.avatar;
  return next;
}
