/**
 * One version of a structure in the editor: its nodes and the preview side by side, the save bar (a note, Save,
 * Publish, Discard) and the history. A rule the server refuses (400 data.field "tree.substructure[3]…") opens
 * the node it names and shows the message there.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, Notice, Section } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { fieldText, formatUtc, type NodeProblem } from '../structure-model';
import { structureCalls, type StructureDocument, type StructureSummary } from '../structures-api';
import { nodeIndexOfField, utcFromInput, type TreeNode } from '../structures-tree';
import { NodeList } from './node-list';
import { PreviewPanel } from './preview-panel';
import { VersionHistory } from './version-history';
import { structureKeys } from '../structure-keys';

export function StructureEditor({ summary, doc, onOpen, outcome, setOutcome }: { summary: StructureSummary; doc: StructureDocument; onOpen: (version: number | undefined) => void; outcome: Outcome | null; setOutcome: (o: Outcome | null) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const [tree, setTree] = useState<TreeNode>(doc.tree);
  const [dirty, setDirty] = useState(false);
  const [note, setNote] = useState('');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [problem, setProblem] = useState<NodeProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const onTree = (next: TreeNode) => {
    setTree(next);
    setDirty(true);
    setProblem(null);
    setOutcome(null);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: structureKeys.all(tenant) });

  const save = async (): Promise<number | null> => {
    try {
      const change = await structureCalls.saveDraft(api, summary.name, tree, note);
      setDirty(false);
      setNote('');
      onOpen(undefined);  // the newest version (this draft) is edited next
      return change.version.version;
    } catch (e) {
      const { code, data } = errorOf(e);
      if (code === 'VALIDATION_ERROR') {
        const text = t('structures.invalid', { field: fieldText(data.field), reason: fieldText(data.reason) });
        const index = nodeIndexOfField(fieldText(data.field));
        if (index !== null) {
          setProblem({ index, text });
          setOpenIndex(index);
        }
        setOutcome({ tone: 'error', text });
      } else {
        setOutcome({ tone: 'error', text: t('structures.failed', { code: code ?? '?' }) });
      }
      return null;
    }
  };
  const onSave = async () => {
    setBusy(true);
    const version = await save();
    if (version !== null) {
      setOutcome({ tone: 'success', text: t('structures.saved', { version }) });
      await refresh();
    }
    setBusy(false);
  };
  const onPublish = async () => {
    setBusy(true);
    const version = dirty || summary.latest?.version !== doc.version.version ? await save() : doc.version.version;
    if (version !== null) {
      try {
        await structureCalls.publish(api, summary.name, version);
        setOutcome({ tone: 'success', text: t('structures.publishedNow', { version }) });
      } catch (e) {
        setOutcome({ tone: 'error', text: t('structures.failed', { code: errorOf(e).code ?? '?' }) });
      }
      await refresh();
    }
    setBusy(false);
  };
  const onSchedule = async () => {
    setBusy(true);
    const version = dirty || summary.latest?.version !== doc.version.version ? await save() : doc.version.version;
    if (version !== null) {
      try {
        const change = await structureCalls.schedule(api, summary.name, { version, at: utcFromInput(publishAt) });
        const at = change.structure.scheduled?.at ?? utcFromInput(publishAt);
        setOutcome({ tone: 'success', text: t('structures.scheduledFor', { version, at: formatUtc(at, lang) }) });
        setPublishAt('');
      } catch (e) {
        const { code, data } = errorOf(e);
        setOutcome({ tone: 'error', text: code === 'VALIDATION_ERROR' ? t('structures.invalid', { field: fieldText(data.field), reason: fieldText(data.reason) }) : t('structures.failed', { code: code ?? '?' }) });
      }
      await refresh();
    }
    setBusy(false);
  };
  const onUnschedule = async () => {
    setBusy(true);
    try {
      await structureCalls.unschedule(api, summary.name);
      setOutcome({ tone: 'success', text: t('structures.unscheduled') });
    } catch (e) {
      setOutcome({ tone: 'error', text: t('structures.failed', { code: errorOf(e).code ?? '?' }) });
    }
    await refresh();
    setBusy(false);
  };
  const live = doc.version.version === summary.publishedVersion && !dirty;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-semibold">{t('structures.editing', { version: doc.version.version })}</span>
        {dirty && <span className="rounded-full border-2 border-accent px-3 py-1 text-xs font-bold text-text">{t('structures.unsaved')}</span>}
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <NodeList tree={tree} onTree={onTree} openIndex={openIndex} setOpenIndex={setOpenIndex} problem={problem} />
        <PreviewPanel name={summary.name} tree={tree} />
      </div>
      {/* Kept in view on a wide screen; on a phone it would cover half the screen, so it sits after the editor. */}
      <section className="z-10 flex flex-wrap items-end gap-3 rounded-2xl border border-border bg-surface p-4 md:sticky md:bottom-0">
        <Field label={t('structures.note')} hint={t('structures.noteHint')} className="min-w-0 flex-1 basis-56">
          {(ids) => <input {...ids} className={INPUT_CLASS} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />}
        </Field>
        <div className="mb-6 flex flex-wrap gap-3">
          <Button variant="secondary" className="h-11 px-5" disabled={busy || !dirty} onClick={() => void onSave()}>
            {t('structures.save')}
          </Button>
          <Button className="h-11 px-5" disabled={busy || live} onClick={() => void onPublish()}>
            {busy ? t('structures.publishing') : t('structures.publish')}
          </Button>
          {dirty && (
            <Button
              variant="ghost"
              className="h-11 px-5"
              disabled={busy}
              onClick={() => {
                setTree(doc.tree);
                setDirty(false);
                setProblem(null);
              }}
            >
              {t('structures.discard')}
            </Button>
          )}
        </div>
        {outcome && (
          <div className="basis-full">
            <Notice tone={outcome.tone}>{outcome.text}</Notice>
          </div>
        )}
      </section>
      <Section title={t('structures.publishLater')}>
        <div className="flex flex-wrap items-end gap-3">
          <Field label={t('structures.publishAt')} hint={t('structures.publishAtHint')} className="min-w-0 basis-72">
            {(ids) => <input {...ids} type="datetime-local" step={1} className={INPUT_CLASS} value={publishAt} onChange={(e) => setPublishAt(e.target.value)} data-testid="publish-at" />}
          </Field>
          <Button variant="secondary" className="mb-6 h-11 px-5" disabled={busy || publishAt === ''} onClick={() => void onSchedule()} data-testid="schedule-publish">
            {t('structures.schedulePublish')}
          </Button>
        </div>
        {summary.scheduled && (
          <div className="flex flex-wrap items-center gap-3" data-testid="structure-scheduled">
            <Notice tone="info">{t('structures.scheduledNotice', { version: summary.scheduled.version, at: formatUtc(summary.scheduled.at, lang), by: summary.scheduled.by })}</Notice>
            <Button variant="ghost" className="h-11 px-4" disabled={busy} onClick={() => void onUnschedule()}>
              {t('structures.unschedule')}
            </Button>
          </div>
        )}
      </Section>
      <VersionHistory
        name={summary.name}
        editing={doc.version.version}
        onOpen={(version) => {
          if (!dirty || window.confirm(t('structures.confirmLeave'))) onOpen(version);
        }}
        onPublished={(text, version) => {
          setOutcome({ tone: 'success', text });
          // A roll back opens the version now live, not the newer draft.
          if (version !== doc.version.version) onOpen(version);
        }}
      />
    </div>
  );
}
