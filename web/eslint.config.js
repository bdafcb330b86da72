// Lint rules of the client. Imports go one way: config/lib/components -> features -> app, and
// features do not import each other (STYLE.md item 11).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const restrictedPaths = [
  // Features may not import each other.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features are independent: compose them in src/app instead.',
  })),
  // Features may not import the app.
  { target: './src/features', from: './src/app', message: 'Features must not depend on the app layer.' },
  // The storefront never imports the operators' console (its own bundle, src/admin); the console
  // may use the storefront's config, lib and components, never its features or app.
  {
    target: ['./src/app', './src/features', './src/lib', './src/components', './src/config', './src/locales', './src/main.tsx'],
    from: './src/admin',
    message: 'The storefront must not import the console (src/admin is a bundle of its own).',
  },
  { target: './src/admin', from: ['./src/features', './src/app'], message: "The console uses the storefront's config, lib and components only." },
  // Shared layers may not import features or the app.
  {
    target: ['./src/lib', './src/components', './src/config', './src/locales'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (config, lib, components) must not depend on features or the app.',
  },
];

export default tseslint.config(
  // src/lib/api-types.ts is generated from docs/openapi.json (npm run gen:api).
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'src/lib/api-types.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: { projectService: { noWarnOnMultipleProjects: true }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: ['./tsconfig.app.json', './tsconfig.node.json'], noWarnOnMultipleProjects: true }, node: true },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      'import/no-restricted-paths': ['error', { zones: restrictedPaths }],
      'import/no-cycle': 'error',
      // The app's useTranslation shares one t per language (src/lib/use-translation.ts, issue 14).
      'no-restricted-imports': ['error', { paths: [{ name: 'react-i18next', importNames: ['useTranslation', 'withTranslation', 'Translation'], message: "Use useTranslation from '@/lib/use-translation'." }] }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      // react-router: loaders throw redirect() / data() responses.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }, { from: 'package', package: 'react-router', name: 'DataWithResponseInit' }] },
      ],
    },
  },
  // Wire shapes have one source: src/lib/api-types.ts, generated from docs/openapi.json (web/README.md
  // "Wire types"). A feature's types.ts and its call files (api/) name them through ApiData / ApiBody /
  // ApiQuery (src/lib/api-schema.ts) and declare no object shape of their own; a shape the client
  // builds for itself lives in a file of its own (e.g. cart/cart-model.ts). The console's call files
  // (src/admin/lib/api.ts, src/admin/pages/**/*-api.ts, the reports' report-types.ts) name theirs
  // through Data<'operationId', status> (src/admin/lib/api.ts) the same way. A shape the document
  // leaves untyped (free JSON, an error's data) is narrowed with an eslint-disable comment that names
  // the server file it follows.
  {
    files: ['src/features/**/types.ts', 'src/features/**/api/**/*.ts', 'src/admin/lib/api.ts', 'src/admin/pages/**/*-api.ts', 'src/admin/pages/**/*-types.ts'],
    ignores: [
      '**/__tests__/**',
      // Not backend answers: the portal's own build descriptor (build.json).
      'src/features/build-refresh/api/get-latest-build.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSInterfaceDeclaration', message: 'Backend answers and bodies come from src/lib/api-types.ts: alias them with ApiData/ApiBody/ApiQuery (src/lib/api-schema.ts); a client-only shape belongs outside types.ts and api/.' },
        { selector: 'TSTypeAliasDeclaration > TSTypeLiteral', message: 'Backend answers and bodies come from src/lib/api-types.ts: alias them with ApiData/ApiBody/ApiQuery (src/lib/api-schema.ts); a client-only shape belongs outside types.ts and api/.' },
        { selector: 'CallExpression > TSTypeParameterInstantiation TSTypeLiteral TSTypeLiteral', message: "A call's answer is named from src/lib/api-types.ts ({ data: ApiData<'operationId'> }), not written inline." },
        { selector: 'CallExpression > TSTypeParameterInstantiation TSTypeReference TSTypeLiteral', message: "A call's answer is named from src/lib/api-types.ts (Envelope<Data<'operationId', status>>), not written inline." },
      ],
    },
  },
  {
    files: ['**/__tests__/**', 'src/testing/**', 'e2e/**'],
    rules: {
      'react-refresh/only-export-components': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['vite.config.ts', 'vite.admin.config.ts', 'playwright.config.ts', 'build-tools/**', 'e2e/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
