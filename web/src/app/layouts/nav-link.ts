/** The look of a header link, in the header row and in the mobile menu's sheet. */
export const NAV_LINK = 'block rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap text-text transition-colors hover:bg-bg hover:text-primary';
