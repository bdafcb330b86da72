/**
 * Page structures (/backend/admin/structures): make, pick, rename or delete a structure
 * (components/structures-manage.tsx), then edit its rails and banners (order by the move buttons, add,
 * remove, a node's titles in six languages, schedule and targeting), preview the draft as the structure
 * call answers it for a guest or a subscriber, save, publish, and roll back from the version history
 * (components/structure-editor.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Notice, PageHeader, SELECT_CLASS } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { StructureEditor } from './components/structure-editor';
import { NewStructure, StructureActions } from './components/structures-manage';
import { structureCalls } from './structures-api';
import { structureKeys } from './structure-keys';

export default function StructuresPage() {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const ids = useId();
  const list = useQuery({ queryKey: structureKeys.list(tenant), queryFn: () => structureCalls.list(api) });
  const [name, setName] = useState<string | null>(null);
  const [version, setVersion] = useState<number | undefined>(undefined);
  // Kept here: a save or publish loads the new version into a fresh editor, and the message stays.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const structures = list.data ?? [];
  const chosen = name ?? (structures.some((s) => s.name === 'home') ? 'home' : (structures[0]?.name ?? null));
  const summary = structures.find((s) => s.name === chosen) ?? null;
  const doc = useQuery({
    queryKey: structureKeys.doc(tenant, chosen, version ?? 'newest'),
    queryFn: () => structureCalls.read(api, chosen ?? '', version),
    enabled: chosen !== null,
    staleTime: Infinity,
  });
  return (
    <div>
      <PageHeader title={t('structures.title')} intro={t('structures.intro')} />
      {list.isError && <Notice tone="error">{t('loadFailed')}</Notice>}
      {list.isSuccess && (
        <div className="mb-6">
          <NewStructure
            existing={structures}
            onMade={(made) => {
              setName(made);
              setVersion(undefined);
              setOutcome(null);
            }}
          />
        </div>
      )}
      {structures.length > 0 && (
        <div className="mb-6 flex flex-wrap items-end gap-4">
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={`${ids}-pick`} className="text-sm font-semibold">
              {t('structures.pick')}
            </label>
            <select
              id={`${ids}-pick`}
              className={SELECT_CLASS}
              value={chosen ?? ''}
              onChange={(e) => {
                setName(e.target.value);
                setVersion(undefined);
                setOutcome(null);
              }}
            >
              {structures.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          {summary && (
            <p className="mb-2 text-sm">
              {summary.publishedVersion != null ? t('structures.published', { version: summary.publishedVersion }) : t('structures.notPublished')}
              {summary.hasDraft && <span className="ms-3 rounded-full border-2 border-accent px-3 py-1 text-xs font-bold text-text">{t('structures.draftWaiting')}</span>}
            </p>
          )}
        </div>
      )}
      {summary && (
        <StructureActions
          key={summary.name}
          summary={summary}
          onRenamed={(renamed) => {
            setName(renamed);
            setVersion(undefined);
            setOutcome(null);
          }}
          onDeleted={(text) => {
            setName(null);
            setVersion(undefined);
            setOutcome({ tone: 'success', text });
          }}
        />
      )}
      {summary && doc.data && (
        <StructureEditor key={`${summary.name}-${doc.data.version.version}`} summary={summary} doc={doc.data} onOpen={setVersion} outcome={outcome} setOutcome={setOutcome} />
      )}
      {doc.isPending && chosen && <p className="text-muted">{t('loading')}</p>}
    </div>
  );
}
