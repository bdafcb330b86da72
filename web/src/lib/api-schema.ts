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
 * The catalog's article answer (server catalog_dto.hpp ArticleDto), as every feature reads it (search hits,
 * wallet items, likes, history and challenge games carry the same article). isWalletItem is set on a signed-in
 * caller's answers and null on everyone's.
 */
export type CatalogArticle = ApiData<'getBackendCatalogArticles'>['entries'][number];

/** One price: amount in minor units; businessModel SUBSCRIPTION, PAY_PER_DOWNLOAD or DOWNLOAD_TO_OWN_FREEMIUM (others may come from imported catalogs). */
export type CatalogPrice = CatalogArticle['prices'][number];

/** One artwork: artworkClass COVER, BANNER, SCREENSHOT, VIDEO_TRAILER or VIDEO_GAMEPLAY; orientation Square, Portrait or Landscape. */
export type CatalogArtwork = CatalogArticle['additionalArtworks'][number];
