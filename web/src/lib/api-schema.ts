/**
 * Types of backend calls taken from the generated OpenAPI types (src/lib/api-types.ts, made by
 * `npm run gen:api` from docs/openapi.json, which the server derives from its route table): the
 * client's wire types are not written by hand.
 *
 *   type Profile = ApiData<'getBackendUserProfile'>;          // the answer's `data`
 *   type Update = ApiBody<'putBackendUserProfile'>;           // the JSON body
 *   type Pin = ApiSchema<'InvalidPinData'>;                   // an error code's data
 */
import type { components, operations } from './api-types';

type Operation = keyof operations;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Success<Op extends Operation> = operations[Op]['responses'] extends infer R
  ? R extends { 200: infer A } ? A : R extends { '2XX': infer A } ? A : never
  : never;

/** The `data` of an operation's success answer. */
export type ApiData<Op extends Operation> = JsonOf<Success<Op>> extends { data?: infer D } ? D : never;

/** A named schema of the document (components.schemas): e.g. the described `data` of an error code. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The JSON request body of an operation. */
export type ApiBody<Op extends Operation> = operations[Op] extends { requestBody: infer B }
  ? JsonOf<B>
  : operations[Op] extends { requestBody?: infer B }
    ? JsonOf<NonNullable<B>>
    : never;

/** The query parameters of an operation. */
export type ApiQuery<Op extends Operation> = operations[Op] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * The catalog's article answer (server ArticleDto), as every feature reads it (search hits, wallet
 * items, likes, history and challenge games carry the same article).
 *
 * Where docs/openapi.json disagrees with what the server sends, the field is typed here after the
 * server (catalog_rules.cpp article_json) until the server describes it (issue 31 item 2):
 * - providerId, licensorName, developerName, durationSeconds, fileSizeBytes, episode, season: the
 *   document says any JSON value (`boost::json::value`); the server copies the imported document's
 *   value or sends null.
 * - prices, additionalArtworks: the document says an array of anything (`json::array`); the server
 *   sends the imported catalog's price and artwork objects below.
 * - isWalletItem: sent on a signed-in caller's articles and page entries (catalog_routes.cpp); the
 *   document lacks it.
 */
type WireArticle = ApiData<'getBackendCatalogArticles'>['entries'][number];

export interface CatalogPrice {
  amount: number;
  currency: string;
  /** SUBSCRIPTION, PAY_PER_DOWNLOAD or DOWNLOAD_TO_OWN_FREEMIUM; other values may come from imported catalogs. */
  businessModel: string;
  /** A promotion price in minor units, when the item is on offer (commerce §5). */
  promotionAmount?: number | null;
}

export interface CatalogArtwork {
  /** COVER, BANNER, SCREENSHOT, VIDEO_TRAILER or VIDEO_GAMEPLAY. */
  artworkClass: string;
  url: string;
  /** Square, Portrait or Landscape. */
  orientation?: string;
  width?: number;
  height?: number;
  group?: string;
}

type UntypedArticleField = 'providerId' | 'licensorName' | 'developerName' | 'durationSeconds' | 'fileSizeBytes' | 'prices' | 'additionalArtworks' | 'episode' | 'season';

export type CatalogArticle = Omit<WireArticle, UntypedArticleField> & {
  providerId: number | string | null;
  licensorName: string | null;
  developerName: string | null;
  durationSeconds: number | null;
  fileSizeBytes: number | null;
  prices: CatalogPrice[];
  additionalArtworks: CatalogArtwork[];
  episode: number | null;
  season: number | null;
  isWalletItem?: boolean;
};
