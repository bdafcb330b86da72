/** Lazy page modules by page kind. Pages without their own module show the placeholder page. */
import type { ComponentType } from 'react';
import type { PageKey } from '@/config/paths';

interface PageModule {
  default: ComponentType;
}

const PAGE_MODULES: Partial<Record<PageKey, () => Promise<PageModule>>> = {
  home: () => import('./home'),
  login: () => import('./login'),
  loginEmail: () => import('./login-email'),
  register: () => import('./register'),
  partnerRegister: () => import('./partner-register'),
  externalLogout: () => import('./external-logout'),
  resetPassword: () => import('./reset-password'),
  profile: () => import('./profile'),
  profileInfo: () => import('./profile-info'),
  profileManage: () => import('./profile-manage'),
};

export function loadPageModule(page: PageKey): Promise<PageModule> {
  const load = PAGE_MODULES[page] ?? (() => import('./placeholder-page'));
  return load();
}
