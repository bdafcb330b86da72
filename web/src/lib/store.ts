/**
 * The portal's client state (spec §3 "Store state"): tenant, geo blocking, colours, global
 * settings, parental config, login options, device, and who is signed in.
 */
import { createStore, useStore } from 'zustand';
import type { GlobalSettings } from './portal-types';

export type Role = 'client' | 'user';

export interface Device {
  id: string;
  deviceAttributes: { desktop?: boolean; tablet?: boolean; modernPhone?: boolean; operatingSystem?: string };
}

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
  loginOptions: string[];
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

export const initialPortalState: PortalState = {
  tenant: '',
  geoBlock: false,
  geoBlockFlag: false,
  colors: '',
  colorsReady: false,
  configs: {},
  parentalConfig: null,
  loginOptions: [],
  device: null,
  role: 'client',
  userUuid: null,
};

export const portalStore = createStore<PortalState & PortalActions>()((set) => ({
  ...initialPortalState,
  setTenant: (tenant) => set({ tenant }),
  setConfigs: (configs) => set({ configs, colors: configs.colors ?? '', colorsReady: true }),
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
