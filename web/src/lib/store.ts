/**
 * The portal's client state (spec §3 "Store state"): tenant, geo blocking, colours, global
 * settings, parental config, login options (a partner tenant's from its partner), device, and who is signed in.
 */
import { createStore, useStore } from 'zustand';
import type { ApiData } from './api-schema';
import type { GlobalSettings } from './portal-types';

export type Role = 'client' | 'user';

type DeviceAnswer = ApiData<'getBackendDevice'>;
/** GET /device's answer; the fallback device (id 1, when the call fails) knows no attributes. */
export type Device = Pick<DeviceAnswer, 'id'> & Record<'deviceAttributes', Partial<DeviceAnswer['deviceAttributes']>>;

export interface ParentalConfig {
  active: boolean;
  [setting: string]: unknown;
}

export interface PortalState {
  tenant: string;
  geoBlock: boolean;
  geoBlockFlag: boolean;
  /** Tenant colour CSS text; `colorsReady` turns true once global settings were loaded or failed. */
  colors: string;
  colorsReady: boolean;
  configs: GlobalSettings;
  parentalConfig: ParentalConfig | null;
  /** The sign-in ways offered, in order: the partner's (partnerLogin) when a partner tenant's partner named them, else the tenant's. */
  loginOptions: LoginOption[];
  /** A partner tenant's sign-in ways as its partner defines them (session storage loginOptionsObject); null: the tenant's own. */
  partnerLogin: PartnerLoginOptions | null;
  device: Device | null;
  role: Role;
  userUuid: string | null;
}

export interface PortalActions {
  setTenant: (tenant: string) => void;
  setConfigs: (configs: GlobalSettings) => void;
  setPartnerLogin: (options: PartnerLoginOptions | null) => void;
  markColorsReady: () => void;
  setParentalConfig: (config: ParentalConfig | null) => void;
  setDevice: (device: Device | null) => void;
  setUser: (user: { role: Role; uuid: string | null }) => void;
}

/** Sign-in methods the tenant offers: e-mail always, operator and partner when enabled. */
export type LoginOption = 'email' | 'operator' | 'partner';
const LOGIN_OPTIONS: readonly string[] = ['email', 'operator', 'partner'] satisfies LoginOption[];
export const isLoginOption = (value: unknown): value is LoginOption => typeof value === 'string' && LOGIN_OPTIONS.includes(value);

/** The partner's sign-in ways for a tenant in a language (features/identity/api/get-partner-login-options.ts), in its order. */
export interface PartnerLoginOptions {
  tenant: string;
  lang: string;
  /** `label`: the partner's words for the way; null: the storefront's own. */
  options: { id: LoginOption; label: string | null }[];
}

export function loginOptionsOf(configs: GlobalSettings): LoginOption[] {
  const options = (configs.loginOptions ?? {}) as { email?: unknown; operator?: unknown };
  const features = configs.features ?? {};
  const result: LoginOption[] = [];
  if (options.email !== false) result.push('email');
  if (options.operator === true) result.push('operator');
  if (features.partnerLoginFlow === true || features.isPartner === true) result.push('partner');
  return result;
}

export const initialPortalState: PortalState = {
  tenant: '',
  geoBlock: false,
  geoBlockFlag: false,
  colors: '',
  colorsReady: false,
  configs: {},
  parentalConfig: null,
  loginOptions: ['email'],
  partnerLogin: null,
  device: null,
  role: 'client',
  userUuid: null,
};

export const portalStore = createStore<PortalState & PortalActions>()((set) => ({
  ...initialPortalState,
  setTenant: (tenant) => set({ tenant }),
  setConfigs: (configs) =>
    set((state) => ({ configs, colors: configs.colors ?? '', colorsReady: true, loginOptions: state.partnerLogin ? state.partnerLogin.options.map((option) => option.id) : loginOptionsOf(configs) })),
  setPartnerLogin: (partnerLogin) =>
    set((state) => ({ partnerLogin, loginOptions: partnerLogin ? partnerLogin.options.map((option) => option.id) : loginOptionsOf(state.configs) })),
  markColorsReady: () => set({ colorsReady: true }),
  setParentalConfig: (parentalConfig) => set({ parentalConfig }),
  setDevice: (device) => set({ device }),
  setUser: ({ role, uuid }) => set({ role, userUuid: uuid }),
}));

export function usePortalStore<T>(selector: (state: PortalState & PortalActions) => T): T {
  return useStore(portalStore, selector);
}

export function resetPortalStore(): void {
  portalStore.setState(initialPortalState);
}

/**
 * The device id once GET /device has answered (device id 1 when it failed): a call that names the device
 * waits for it, so a purchase or a download is never decided for a device the server does not know
 * (issue 47 item 17).
 */
export function deviceIdWhenKnown(): Promise<string> {
  const known = portalStore.getState().device;
  if (known) return Promise.resolve(known.id);
  return new Promise((resolve) => {
    const stop = portalStore.subscribe((state) => {
      if (!state.device) return;
      stop();
      resolve(state.device.id);
    });
  });
}

/** The device id for a query that names it; null until GET /device has answered (the query waits: `enabled`). */
export function useKnownDeviceId(): string | null {
  return usePortalStore((state) => state.device?.id ?? null);
}
