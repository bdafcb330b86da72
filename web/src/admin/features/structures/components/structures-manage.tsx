/**
 * Making, renaming and deleting page structures (issue 50): a new tenant's first pages, a section, an info or
 * a marketing page from its template (POST /backend/admin/structures), another address for one, and its
 * deletion after a confirmation. Home, header and footer are needed by the storefront: they are made when
 * missing and never renamed or deleted.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Field, INPUT_CLASS, Notice, Panel, SELECT_CLASS } from '@/admin/components/fields';
import { TextsByLanguage } from '@/admin/components/texts-by-language';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { fieldText } from '../structure-model';
import { STRUCTURE_KINDS, isRequiredStructure, storefrontPath, structureCalls, type StructureKind, type StructureSummary } from '../structures-api';
import { structureKeys } from '../structure-keys';

const needsSlug = (kind: StructureKind) => kind === 'section' || kind === 'info' || kind === 'marketing';

/** The message for a refused create or rename. */
function useRefusal() {
  const { t } = useAdminI18n();
  return (e: unknown, name: string) => {
    const { code, data } = errorOf(e);
    if (code === 'STRUCTURE_EXISTS') return t('structures.create.exists', { name });
    if (code === 'VALIDATION_ERROR') return t('structures.invalid', { field: fieldText(data.field), reason: fieldText(data.reason) });
    return t('structures.failed', { code: code ?? '?' });
  };
}

/** A new structure: its kind, its address (slug) and its title in each language. */
export function NewStructure({ existing, onMade }: { existing: StructureSummary[]; onMade: (name: string) => void }) {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const ids = useId();
  const refusal = useRefusal();
  // Home, header and footer only while missing (a new tenant's first steps); the pages always.
  const kinds = STRUCTURE_KINDS.filter((k) => needsSlug(k) || !existing.some((s) => s.name === k));
  const [kind, setKind] = useState<StructureKind>(kinds[0] ?? 'section');
  const [slug, setSlug] = useState('');
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const chosen = kinds.includes(kind) ? kind : (kinds[0] ?? 'section');
  const name = chosen === 'info' ? `info-${slug}` : chosen === 'marketing' ? `marketing-${slug}` : needsSlug(chosen) ? slug : chosen;

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    const title = Object.fromEntries(Object.entries(titles).filter(([, v]) => v.trim() !== ''));
    try {
      const made = await structureCalls.create(api, {
        kind: chosen,
        ...(needsSlug(chosen) ? { slug } : {}),
        ...(Object.keys(title).length > 0 ? { title } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: structureKeys.list(tenant) });
      const path = storefrontPath(made.structure.name);
      setOutcome({ tone: 'success', text: path ? t('structures.create.madeAt', { name: made.structure.name, path }) : t('structures.create.made', { name: made.structure.name }) });
      setSlug('');
      setTitles({});
      onMade(made.structure.name);
    } catch (error) {
      setOutcome({ tone: 'error', text: refusal(error, name) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('structures.create.title')} open={existing.length === 0}>
      <form onSubmit={(e) => void submit(e)} className="flex min-w-0 flex-col gap-4">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${ids}-kind`} className="text-sm font-semibold">
            {t('structures.create.kind')}
          </label>
          <select id={`${ids}-kind`} className={SELECT_CLASS} value={chosen} onChange={(e) => setKind(e.target.value as StructureKind)}>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`structures.create.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {needsSlug(chosen) && (
          <Field label={t('structures.create.slug')} hint={t('structures.create.slugHint')}>
            {(fieldIds) => <input {...fieldIds} dir="ltr" required className={INPUT_CLASS} value={slug} onChange={(e) => setSlug(e.target.value.toLowerCase())} />}
          </Field>
        )}
        {needsSlug(chosen) && slug !== '' && (
          <p className="text-sm text-muted">
            {t('structures.address')} <Ltr>{storefrontPath(name)}</Ltr>
          </p>
        )}
        <TextsByLanguage legend={t('structures.create.titleHint')} label={(language) => t('structures.titleIn', { language })} values={titles} onChange={setTitles} />
        {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
        <div>
          <Button type="submit" disabled={busy || (needsSlug(chosen) && slug === '')}>
            {t('structures.create.submit')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** The chosen structure's address on the storefront, another address for it, and its deletion. */
export function StructureActions({ summary, onRenamed, onDeleted }: { summary: StructureSummary; onRenamed: (name: string) => void; onDeleted: (text: string) => void }) {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const refusal = useRefusal();
  const [slug, setSlug] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const path = storefrontPath(summary.name);
  const required = isRequiredStructure(summary.name);

  const rename = async (e: SyntheticEvent) => {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const renamed = await structureCalls.rename(api, summary.name, slug);
      await queryClient.invalidateQueries({ queryKey: structureKeys.all(tenant) });
      setSlug('');
      onRenamed(renamed.structure.name);
    } catch (error) {
      setOutcome({ tone: 'error', text: refusal(error, slug) });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(t('structures.removeStructure.confirm', { name: summary.name }))) return;
    setBusy(true);
    setOutcome(null);
    try {
      await structureCalls.remove(api, summary.name);
      await queryClient.invalidateQueries({ queryKey: structureKeys.list(tenant) });
      onDeleted(t('structures.removeStructure.done', { name: summary.name }));
    } catch (error) {
      setOutcome({ tone: 'error', text: t('structures.failed', { code: errorOf(error).code ?? '?' }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mb-6 flex min-w-0 flex-col gap-3">
      {path && (
        <p className="text-sm">
          {t('structures.address')} <Ltr>{path}</Ltr>
        </p>
      )}
      {required ? (
        <p className="text-sm text-muted">{t('structures.required')}</p>
      ) : (
        <Panel title={t('structures.rename.title', { name: summary.name })}>
          <form onSubmit={(e) => void rename(e)} className="flex flex-wrap items-end gap-3">
            <Field label={t('structures.rename.slug')} hint={t('structures.create.slugHint')}>
              {(fieldIds) => <input {...fieldIds} dir="ltr" required className={INPUT_CLASS} value={slug} onChange={(e) => setSlug(e.target.value.toLowerCase())} />}
            </Field>
            <Button type="submit" variant="secondary" disabled={busy || slug === ''} className="mb-6">
              {t('structures.rename.submit')}
            </Button>
          </form>
          <div>
            <Button variant="secondary" disabled={busy} onClick={() => void remove()}>
              {t('structures.removeStructure.button', { name: summary.name })}
            </Button>
          </div>
        </Panel>
      )}
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </div>
  );
}
