/**
 * Types of backend calls taken from the generated OpenAPI types (src/lib/api-types.ts, made by
 * `npm run gen:api` from docs/openapi.json, which the server derives from its route table): the
 * client's wire types are not written by hand.
 *
 *   type Profile = ApiData<'getBackendUserProfile'>;          // the answer's `data`
 *   type Update = ApiBody<'putBackendUserProfile'>;           // the JSON body
 */
import type { operations } from './api-types';

type Operation = keyof operations;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Success<Op extends Operation> = operations[Op]['responses'] extends infer R
  ? R extends { 200: infer A } ? A : R extends { '2XX': infer A } ? A : never
  : never;

/** The `data` of an operation's success answer. */
export type ApiData<Op extends Operation> = JsonOf<Success<Op>> extends { data?: infer D } ? D : never;

/** The JSON request body of an operation. */
export type ApiBody<Op extends Operation> = operations[Op] extends { requestBody: infer B }
  ? JsonOf<B>
  : operations[Op] extends { requestBody?: infer B }
    ? JsonOf<NonNullable<B>>
    : never;
