// Lint rules of the client. Imports go one way: config/lib/components -> features -> app, and
// features do not import each other (STYLE.md item 11); the console (src/admin) keeps the same layers
// inside its own bundle.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { wireShapeFiles, wireShapeIgnores, wireShapeSelectors, wireShapeViewFiles, wireShapeViewSelectors } from './build-tools/wire-shapes.js';

const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders('./src/features');
// The console's features (src/admin/features/<area>): the same one-way imports inside its own bundle.
const consoleFeatures = folders('./src/admin/features');

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
  // Inside the console, as in the storefront: admin/lib and admin/components -> admin/features -> admin/app,
  // and the console's features do not import each other (a page that composes several lives in admin/app).
  ...consoleFeatures.map((feature) => ({
    target: `./src/admin/features/${feature}`,
    from: './src/admin/features',
    except: [`./${feature}`],
    message: "The console's features are independent: share through src/admin/lib or src/admin/components, compose in src/admin/app.",
  })),
  { target: './src/admin/features', from: './src/admin/app', message: "The console's features must not depend on its app layer." },
  {
    target: ['./src/admin/lib', './src/admin/components'],
    from: ['./src/admin/features', './src/admin/app'],
    message: "The console's shared code (lib, components) must not depend on its features or app.",
  },
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
  // Wire shapes have one source: src/lib/api-types.ts (build-tools/wire-shapes.js says how).
  {
    files: wireShapeFiles,
    ignores: wireShapeIgnores,
    rules: { 'no-restricted-syntax': ['error', ...wireShapeSelectors] },
  },
  // The console's views too, their components' props excepted (build-tools/wire-shapes.js says why).
  {
    files: wireShapeViewFiles,
    ignores: wireShapeIgnores,
    rules: { 'no-restricted-syntax': ['error', ...wireShapeViewSelectors] },
  },
  {
    files: ['**/__tests__/**', 'src/testing/**', 'src/admin/testing/**', 'e2e/**'],
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
    files: ['eslint.config.js', 'build-tools/wire-shapes.js', 'build-tools/script-budget.js', 'build-tools/check-script-budget.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
