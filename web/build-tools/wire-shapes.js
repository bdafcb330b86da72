// The lint rule that keeps hand-written wire shapes out of the client (issue 31 item 3, issue 52 item 6),
// read by eslint.config.js and by its test (build-tools/__tests__/wire-shapes.test.ts).
//
// Wire shapes have one source: src/lib/api-types.ts, generated from docs/openapi.json (web/README.md
// "Wire types"). A feature's types.ts and its call files (api/) name them through ApiData / ApiBody /
// ApiQuery (src/lib/api-schema.ts) and declare no object shape of their own; a shape the client
// builds for itself lives in a file of its own (e.g. cart/cart-model.ts). The console's call files
// (src/admin/lib/api.ts and upload-api.ts, each feature's <area>-api.ts, the reports' report-types.ts)
// name theirs through Data<'operationId', status> and Envelope (src/admin/lib/api.ts) the same way.
// Where the document is looser than the server (free JSON, an error's data, a plain string for a fixed
// set), a file narrows the wire alias (Omit<Wire, 'field'> & ...), and a shape the document does not
// describe at all is declared under an eslint-disable comment that names the server file it follows.
//
// The console's views (every .tsx of src/admin) are held to the same selectors with one exception: a
// component's props, declared by a name ending in Props (`interface DataTableProps<T>`), as the
// storefront's components declare theirs. Any other shape a view would declare is either an answer or
// a body (named from the feature's <area>-api.ts) or something the client builds for itself (form
// values, a step of an upload, a table's column), which lives in a model file beside the view
// (<area>-model.ts, *-form.ts, *-filters.ts), not covered here, as the storefront's cart-model.ts. Props
// written inline in a component's parameter (`({ id }: { id: string })`) and a lone object literal in a
// call's type argument (`useForm<{ amount: string }>`) are no declarations and pass; a literal nested in
// another or in a generic (`get<Envelope<{ … }>>`) does not.

/** The call and type files the rule applies to. */
export const wireShapeFiles = [
  'src/features/**/types.ts',
  'src/features/**/api/**/*.ts',
  'src/admin/lib/api.ts',
  'src/admin/lib/*-api.ts',
  'src/admin/features/**/*-api.ts',
  'src/admin/features/**/*-types.ts',
  'src/admin/features/**/types.ts',
  'src/admin/features/**/api/**/*.ts',
];

/** The console's views: the rule with its props exception (wireShapeViewSelectors). */
export const wireShapeViewFiles = ['src/admin/**/*.tsx'];

export const wireShapeIgnores = [
  '**/__tests__/**',
  // Not backend answers: the portal's own build descriptor (build.json).
  'src/features/build-refresh/api/get-latest-build.ts',
];

const declared =
  'Backend answers and bodies come from src/lib/api-types.ts: alias them with ApiData/ApiBody/ApiQuery (src/lib/api-schema.ts); a client-only shape belongs outside types.ts and api/.';

/** no-restricted-syntax's selectors: the hand-written object shapes. */
export const wireShapeSelectors = [
  { selector: 'TSInterfaceDeclaration', message: declared },
  { selector: 'TSTypeAliasDeclaration > TSTypeLiteral', message: declared },
  // Object shapes with no generated type in them: `unknown & {...}`, `{...} | {...}`, `Partial<{...}>`.
  { selector: 'TSTypeAliasDeclaration > :matches(TSIntersectionType, TSUnionType):not(:has(TSTypeReference)) > TSTypeLiteral', message: declared },
  { selector: 'TSTypeAliasDeclaration > TSTypeReference > TSTypeParameterInstantiation > TSTypeLiteral', message: declared },
  { selector: 'CallExpression > TSTypeParameterInstantiation TSTypeLiteral TSTypeLiteral', message: "A call's answer is named from src/lib/api-types.ts ({ data: ApiData<'operationId'> }), not written inline." },
  { selector: 'CallExpression > TSTypeParameterInstantiation TSTypeReference TSTypeLiteral', message: "A call's answer is named from src/lib/api-types.ts (Envelope<Data<'operationId', status>>), not written inline." },
];

const viewDeclared =
  "A console view declares no shape but its component's props (a name ending in Props): answers and bodies are named in the feature's <area>-api.ts (Data<'operationId', status>); a shape the client builds for itself goes in the feature's model file (<area>-model.ts, *-form.ts).";
const notProps = ':not([id.name=/Props$/])';

/** The selectors for the console's views: the same shapes, a component's props excepted. */
export const wireShapeViewSelectors = [
  { selector: `TSInterfaceDeclaration${notProps}`, message: viewDeclared },
  { selector: `TSTypeAliasDeclaration${notProps} > TSTypeLiteral`, message: viewDeclared },
  ...wireShapeSelectors.slice(2),
];
