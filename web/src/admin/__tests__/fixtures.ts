import type { Settings } from '../lib/api';

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
