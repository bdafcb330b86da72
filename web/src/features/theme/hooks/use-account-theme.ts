/**
 * The account's theme on a page load without a recorded choice (issue 47): with the preference
 * cookies declined (or on a device the user never chose on) no `alternat_theme` cookie says which
 * theme; once the profile is loaded (role `user`) the saved one is read and applied. A choice the
 * cookie records, or a toggle on this page, wins; a sign-in applies the saved theme itself
 * (app/sign-in-preferences.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { THEME_COOKIE } from '@/config/env';
import { getCookie } from '@/lib/cookies';
import { usePortalStore } from '@/lib/store';
import { getUserThemeQueryOptions } from '../api/get-user-theme';
import { themeStore } from '../theme-store';

export function useAccountTheme(): void {
  const signedIn = usePortalStore((state) => state.role === 'user');
  // Read once: the cookie this page load started with (a toggle may write one later).
  const [recorded] = useState(() => getCookie(THEME_COOKIE) !== null);
  const { data: saved } = useQuery({ ...getUserThemeQueryOptions(), enabled: signedIn && !recorded });
  useEffect(() => {
    if (!signedIn || recorded || typeof saved !== 'boolean') return;
    const theme = themeStore.getState();
    if (!theme.chosen && theme.alternate !== saved) theme.setAlternate(saved);
  }, [signedIn, recorded, saved]);
}
