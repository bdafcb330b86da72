import type { Settings } from '../settings-api';

const palette = { primary: '#4f46e5', 'primary-contrast': '#ffffff', bg: '#f6f7fb', surface: '#ffffff', text: '#111827', muted: '#5b6474', border: '#e3e6ee', accent: '#f59e0b' };

export const sampleSettings: Settings = {
  version: 7,
  name: 'alpha',
  displayName: 'Alpha',
  hosts: ['alpha.localhost', 'localhost'],
  defaultLocale: 'en',
  languages: ['en', 'ar', 'fr', 'de', 'es', 'ro'],
  defaultTheme: 'light',
  colors: { light: palette, dark: { ...palette, bg: '#0b0f19' } },
  customStyle: '',
  features: { V2Modals: true, autoLogin: false, partnerName: 'x' },
  settings: { images: { logo: '/media/art/alpha.svg', icon: '/i.png' }, redirects: [{ from: '/old', to: '/new', permanent: true }], other: 1 },
  redirects: [{ from: '/old', to: '/new', permanent: true }],
  allowedOrigins: ['https://partner.example'],
};

/** Every named entry of docs/tenants.md "The other named settings", as a tenant file writes them. */
export const namedEntries = {
  externalRedirectDisclaimer: { enabled: true, text: { de: 'Tschüss' } },
  sharedLinks: ['whatsapp', 'copy', 'email'],
  avatarList: ['/media/art/avatar-fox.svg', 'https://cdn.example/owl.png'],
  googleAds: { client: 'ca-pub-1234567890123456', slots: { home: '1234567890' } },
  parentalControlMail: { subject: { en: 'Your code' }, body: { en: 'Your code: {{code}}', ar: 'رمزك: {{code}}' } },
  customPlan: { enabled: true, title: { en: 'Families', de: 'Familien' }, text: { en: 'Talk to us.' }, href: '/impressum', button: { en: 'Talk to us' } },
  seoTabNames: { home: { en: 'Alpha – films and music' }, subscription: { de: 'Alpha-Abos' } },
  paymentMetaData: { title: { en: 'Alpha checkout' } },
  loginMetaData: { title: { en: 'Sign in to Alpha' }, description: { en: 'Play, watch and listen.' } },
  global: { announcement: { text: { en: 'New this week.' }, href: '/video' } },
  profileMenu: { items: ['profile', 'manage', 'purchases', 'favorites', 'history', 'redeem'], links: [{ label: { en: 'Help' }, href: '/impressum' }] },
  navigation: { links: [{ label: { en: 'Help', de: 'Hilfe' }, href: '/impressum' }, { label: { en: 'Blog' }, href: 'https://blog.example/' }] },
  desktopSettings: { layout: 'sidebar' },
  mobileSettings: { cardsPerRow: 3 },
  popups: { welcome: { enabled: false, title: { en: 'Welcome' }, text: { en: 'Try a plan free.' }, href: '/subscription' } },
};

export const settingsWithEntries: Settings = { ...sampleSettings, settings: { ...sampleSettings.settings, ...namedEntries } };
