import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { wireShapeSelectors, wireShapeViewSelectors } from '../wire-shapes.js';

// The lint rule that keeps hand-written wire shapes out of the client (issue 31 item 3): what it
// refuses, what it lets through, and the files eslint.config.js applies it to.
const linter = new Linter({ configType: 'flat' });
const config: Linter.Config[] = [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-syntax': ['error', ...wireShapeSelectors] } }];
const refusals = (code: string) => linter.verify(code, config, { filename: 'types.ts' }).map((m) => m.message);
const viewConfig: Linter.Config[] = [{ files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } }, rules: { 'no-restricted-syntax': ['error', ...wireShapeViewSelectors] } }];
const viewRefusals = (code: string) => linter.verify(code, viewConfig, { filename: 'view.tsx' }).map((m) => m.message);

describe('wire-shape lint rule', () => {
  it.each([
    ['an interface', 'export interface Wallet { id: number; title: string }'],
    ['a type literal', 'export type Wallet = { id: number; title: string };'],
    ['a literal next to no generated type', 'export type Wallet = unknown & { id: number };'],
    ['a union of literals', "export type Step = { kind: 'a' } | { kind: 'b' };"],
    ['a literal inside a generic', 'export type Wallet = Partial<{ id: number }>;'],
    ['an inline answer', "get<{ data: { id: number } }>('/wallet');"],
    ['an inline answer inside a generic', "get<Envelope<{ items: Member[] }>>('/admin/staff');"],
  ])('refuses %s', (_, code) => {
    expect(refusals(code).length).toBeGreaterThan(0);
  });

  it.each([
    ['an alias of a generated type', "export type Wallet = ApiData<'getBackendWalletUserarticles'>;"],
    ['a narrowed alias', "export type Match = Omit<WireMatch, 'status'> & { status: MatchStatus };"],
    ['a union of names', "export type Kind = 'free' | 'wallet';"],
    ['a named answer', "get<{ data: ApiData<'getBackendCart'> }>('/cart');"],
    ['a named answer in the envelope', "get<Envelope<StaffList>>('/admin/staff');"],
  ])('lets through %s', (_, code) => {
    expect(refusals(code)).toEqual([]);
  });

  it("applies to features' types.ts and call files and the console's call files, not to models, and its view form to the console's .tsx", async () => {
    const web = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
    const eslint = new ESLint({ cwd: web, overrideConfigFile: resolve(web, 'eslint.config.js') });
    const applied = async (file: string) => {
      const rule = ((await eslint.calculateConfigForFile(file)) as Linter.Config).rules?.['no-restricted-syntax'];
      return Array.isArray(rule) && rule.slice(1).some((entry) => (entry as { selector?: string }).selector === 'TSInterfaceDeclaration');
    };
    for (const file of ['src/features/wallet/types.ts', 'src/features/wallet/api/get-wallet.ts', 'src/admin/lib/api.ts', 'src/admin/lib/upload-api.ts', 'src/admin/features/catalog/catalog-api.ts', 'src/admin/features/reports/report-types.ts']) {
      expect(await applied(file), file).toBe(true);
    }
    for (const file of ['src/features/wallet/wallet-page.ts', 'src/features/cart/cart-model.ts', 'src/features/wallet/api/__tests__/get-wallet.test.ts', 'src/admin/features/customers/customer-model.ts']) {
      expect(await applied(file), file).toBe(false);
    }
    const appliedToView = async (file: string) => {
      const rule = ((await eslint.calculateConfigForFile(file)) as Linter.Config).rules?.['no-restricted-syntax'];
      return Array.isArray(rule) && rule.slice(1).some((entry) => (entry as { selector?: string }).selector === wireShapeViewSelectors[0]?.selector);
    };
    for (const file of ['src/admin/features/vouchers/vouchers-page.tsx', 'src/admin/features/catalog/components/prices-field.tsx', 'src/admin/app/app.tsx', 'src/admin/components/data-table.tsx']) {
      expect(await appliedToView(file), file).toBe(true);
    }
    expect(await appliedToView('src/admin/features/vouchers/__tests__/vouchers-page.test.tsx')).toBe(false);
  }, 60_000);

  it("holds the console's views to the same shapes, a component's props excepted", () => {
    for (const code of [
      'interface Price { amount: number; currency: string }',
      'type Outcome = { tone: string; text: string };',
      "type Step = { phase: 'idle' } | { phase: 'sending' };",
      "get<Envelope<{ items: Member[] }>>('/admin/staff');",
    ]) {
      expect(viewRefusals(code).length, code).toBeGreaterThan(0);
    }
    for (const code of [
      'interface DataTableProps<T> { data: T[] }',
      'type PagerProps = { page: number };',
      "type KeysForm = Record<'publishableKey' | 'secretKey', string>;",
      'function Row({ id }: { id: string }) { return <p>{id}</p>; }',
      'useForm<{ amount: string; from: string }>();',
    ]) {
      expect(viewRefusals(code), code).toEqual([]);
    }
  });
});
