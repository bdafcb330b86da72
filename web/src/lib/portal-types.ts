/** Wire shapes shared by the server and the client (docs/contracts.md). */
import type { LanguageCode } from '@/config/languages';
import type { ApiData } from './api-schema';

export interface EnvConfig {
  service: {
    tenantBackendUrl?: Record<string, string>;
    multiContentBackend: string;
  };
  stage: string;
}

export interface EnvFile {
  envConfig: EnvConfig;
  tenantName: string;
}

/**
 * A node of a tenant structure (page layout, header, footer, global settings): GET /structure/{name}
 * (server ConfigNodeDto). The server sends every text ("" when none) and the custom properties; the
 * client reads nodes from payloads and fragments too, and treats each as possibly absent.
 *
 * Where docs/openapi.json is too loose, typed after the server (structure_rules.cpp shape_node) until
 * it describes them: `id` is any JSON value there (the structure file's id: a string or a number, or
 * absent), `substructure` an array of anything (each child is a node of this shape).
 */
type WireNode = ApiData<'getBackendStructureName'>;

export type ConfigNodeData = Partial<WireNode['data']>;

export interface ConfigNode extends Pick<WireNode, 'name'> {
  id?: string | number;
  data: ConfigNodeData;
  substructure?: ConfigNode[];
}

export type ThemeName = 'light' | 'dark';

/** `data.customProperties` of the structure `configurations`. */
export interface GlobalSettings {
  customStyle?: string;
  colors?: string;
  alternatTheme?: boolean;
  defaultTheme?: ThemeName;
  defaultLocale?: string;
  /** The languages the tenant offers, in its order (all six when absent). */
  languages?: string[];
  links?: { homeUrl?: string; [name: string]: unknown };
  features?: Record<string, unknown>;
  priceFormat?: { decimals?: number };
  [area: string]: unknown;
}

/** The JSON of `<script id="__PORTAL_DATA__">` in the server-rendered shell. */
export interface PortalData {
  tenantName: string;
  envConfig: EnvConfig;
  lang: LanguageCode;
  theme: ThemeName;
  status: number;
  path: string;
  globalSettings: GlobalSettings;
  messages: Record<string, unknown>;
  page: { route: string | null; data: Record<string, unknown> | null };
  /** The profile when the `user_token` cookie holds a valid access token, else null. */
  user?: Record<string, unknown> | null;
}

/** Picks the backend base: the tenant's own backend when configured, else the shared one. */
export function chooseBackendUrl(envConfig: EnvConfig, tenantName: string): string {
  const tenantUrl = envConfig.service.tenantBackendUrl?.[tenantName];
  const base = tenantUrl && tenantUrl.length > 0 ? tenantUrl : envConfig.service.multiContentBackend;
  return base.replace(/\/+$/, '');
}
