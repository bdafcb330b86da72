/**
 * The portal's client state (spec §3 "Store state"): tenant, geo blocking, colours, global
 * settings, parental config, login options, device, and who is signed in.
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
  loginOptions: LoginOption[];
  device: Device | null;
  role: Role;
  userUuid: string | null;
}

export interface PortalActions {
  setTenant: (tenant: string) => void;
  setConfigs: (configs: GlobalSettings) => void;
  markColorsReady: () => void;
  setParentalConfig: (config: ParentalConfig | null) => void;
  setDevice: (device: Device | null) => void;
  setUser: (user: { role: Role; uuid: string | null }) => void;
}

/** Sign-in methods the tenant offers: e-mail always, operator and partner when enabled. */
export type LoginOption = 'email' | 'operator' | 'partner';

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
  device: null,
  role: 'client',
  userUuid: null,
};

export const portalStore = createStore<PortalState & PortalActions>()((set) => ({
  ...initialPortalState,
  setTenant: (tenant) => set({ tenant }),
  setConfigs: (configs) => set({ configs, colors: configs.colors ?? '', colorsReady: true, loginOptions: loginOptionsOf(configs) }),
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
