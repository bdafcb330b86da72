/** The tenant's account pictures (settings.avatarList) and account menu (settings.profileMenu). */
import { describe, expect, it } from 'vitest';
import { avatarListOf, avatarOf, withAvatar } from '../avatars';
import { PROFILE_MENU_ITEMS, profileMenuOf } from '../profile-menu';

const FOX = '/media/art/avatar-fox.svg';
const OWL = '/media/art/avatar-owl.svg';

describe('account pictures', () => {
  it('are the tenant’s image links', () => {
    expect(avatarListOf(undefined)).toEqual([]);
    expect(avatarListOf([FOX, '', 7, FOX, OWL])).toEqual([FOX, OWL]);
  });
  it('show the chosen picture only while the tenant offers it', () => {
    expect(avatarOf({ userInformation: { avatar: OWL } }, [FOX, OWL])).toBe(OWL);
    expect(avatarOf({ userInformation: { avatar: OWL } }, [FOX])).toBeNull();
    expect(avatarOf({ userInformation: null as unknown as Record<string, unknown> }, [FOX])).toBeNull();
  });
  it('keep the profile’s other information as it was read', () => {
    const read = { theme: 'dark', avatar: FOX };
    expect(withAvatar(read, FOX)).toBe(read);
    expect(withAvatar(read, OWL)).toEqual({ theme: 'dark', avatar: OWL });
    expect(withAvatar(read, '')).toEqual({ theme: 'dark' });
    expect(withAvatar(null, '')).toBeNull();
    expect(withAvatar(null, OWL)).toEqual({ avatar: OWL });
  });
});

describe('the account menu’s entries', () => {
  it('are all seven without a choice, else the known ones in the tenant’s order', () => {
    expect(profileMenuOf({}, 'en').items).toEqual([...PROFILE_MENU_ITEMS]);
    expect(profileMenuOf({ profileMenu: { items: ['history', 'profile', 'wallet', 'history'] } }, 'en').items).toEqual(['history', 'profile']);
    expect(profileMenuOf({ profileMenu: { items: [] } }, 'en').items).toEqual([]);
  });
  it('end with up to five links in the page’s language', () => {
    const links = Array.from({ length: 6 }, (_, i) => ({ label: { en: `Link ${i}`, de: `Verweis ${i}` }, href: `/page-${i}` }));
    const menu = profileMenuOf({ defaultLocale: 'de', profileMenu: { links: [{ label: 'Help', href: '' }, ...links] } }, 'fr');
    expect(menu.links).toEqual(links.slice(0, 5).map((_, i) => ({ label: `Verweis ${i}`, href: `/page-${i}` })));
    expect(menu.items).toEqual([...PROFILE_MENU_ITEMS]);
  });
});
