/**
 * Page structures (/backend/admin/structures): pick a structure, edit its rails and banners (order by
 * the move buttons, add, remove, a node's titles in six languages, schedule and targeting), preview
 * the draft as the structure call answers it for a guest or a subscriber, save, publish, and roll back
 * from the version history. A rule the server refuses (400 data.field "tree.substructure[3]…") opens
 * the node it names and shows the message.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { LANGUAGES } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Field, INPUT_CLASS, Notice, PageHeader, SELECT_CLASS, Section, type NoticeTone } from '../components/fields';
import { TextsByLanguage } from '../components/texts-by-language';
import { ScrollRegion } from '../components/scroll-region';
import { errorOf, useConsole } from '../lib/console-context';
import { useAdminI18n } from '../lib/i18n-context';
import type { AdminKey } from '../lib/i18n';
import { structureCalls, type PreviewNode, type StructureDocument, type StructureSummary } from './structures-api';
import { NewStructure, StructureActions } from './structures-manage';
import {
  ADDABLE_TYPES,
  addNode,
  deviceOf,
  inputFromUtc,
  moveNode,
  nodeIndexOfField,
  nodesOf,
  nodeType,
  osOf,
  ratingOf,
  removeNode,
  replaceNode,
  scheduleOf,
  setDevice,
  setOs,
  setRating,
  setSchedule,
  setTitle,
  titleIn,
  titleOf,
  utcFromInput,
  type AddableType,
  type Device,
  type TreeNode,
} from './structures-tree';

const TYPE_KEYS = ['page', 'banner', 'slide', 'rail', 'grid', 'card', 'catalog', 'stories', 'story', 'story-page', 'links', 'link'] as const;

/** A text member of an error's data, else ''. */
const fieldText = (value: unknown): string => (typeof value === 'string' ? value : '');

interface Outcome {
  tone: NoticeTone;
  text: string;
}

function useTypeName() {
  const { t } = useAdminI18n();
  return (type: string) => ((TYPE_KEYS as readonly string[]).includes(type) ? t(`structures.types.${type}` as AdminKey) : t('structures.types.none'));
}

function NodeEditor({ node, onChange }: { node: TreeNode; onChange: (node: TreeNode) => void }) {
  const { t } = useAdminI18n();
  const schedule = scheduleOf(node);
  const titles = Object.fromEntries(LANGUAGES.map((language) => [language.code, titleOf(node, language.code)]));
  return (
    <div className="mt-3 grid grid-cols-1 gap-4 border-t border-border pt-4">
      <TextsByLanguage
        label={(language) => t('structures.titleIn', { language })}
        values={titles}
        onChange={(next) => onChange(LANGUAGES.reduce((changed, { code }) => (next[code] === titles[code] ? changed : setTitle(changed, code, next[code] ?? '')), node))}
      />
      <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t('structures.schedule')}</legend>
        <Field label={t('structures.from')} hint={t('structures.scheduleHint')}>
          {(ids) => (
            <input
              {...ids}
              type="datetime-local"
              step={1}
              className={INPUT_CLASS}
              value={inputFromUtc(schedule.from)}
              onChange={(e) => onChange(setSchedule(node, { ...schedule, from: utcFromInput(e.target.value) }))}
            />
          )}
        </Field>
        <Field label={t('structures.until')} hint={t('structures.scheduleHint')}>
          {(ids) => (
            <input
              {...ids}
              type="datetime-local"
              step={1}
              className={INPUT_CLASS}
              value={inputFromUtc(schedule.until)}
              onChange={(e) => onChange(setSchedule(node, { ...schedule, until: utcFromInput(e.target.value) }))}
            />
          )}
        </Field>
      </fieldset>
      <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">{t('structures.targeting')}</legend>
        <Field label={t('structures.device')}>
          {(ids) => (
            <select {...ids} className={SELECT_CLASS} value={deviceOf(node)} onChange={(e) => onChange(setDevice(node, e.target.value as Device))}>
              <option value="">{t('structures.deviceAny')}</option>
              <option value="desktop">{t('structures.deviceDesktop')}</option>
              <option value="mobile">{t('structures.deviceMobile')}</option>
            </select>
          )}
        </Field>
        <OsField value={osOf(node)} onCommit={(text) => onChange(setOs(node, text))} />
        <Field label={t('structures.rating')} hint={t('structures.ratingHint')}>
          {(ids) => <input {...ids} type="number" min={0} max={1000} inputMode="numeric" className={INPUT_CLASS} value={ratingOf(node)} onChange={(e) => onChange(setRating(node, e.target.value))} />}
        </Field>
      </fieldset>
    </div>
  );
}

/** The systems as typed (commas and spaces kept while typing), stored on leaving the field. */
function OsField({ value, onCommit }: { value: string; onCommit: (text: string) => void }) {
  const { t } = useAdminI18n();
  // The text being typed; null while the field shows the stored value.
  const [typing, setTyping] = useState<string | null>(null);
  const text = typing ?? value;
  return (
    <Field label={t('structures.os')} hint={t('structures.osHint')}>
      {(ids) => <input {...ids} dir="ltr" className={INPUT_CLASS} value={text} onChange={(e) => setTyping(e.target.value)} onBlur={() => {
            if (typing !== null) onCommit(typing);
            setTyping(null);
          }} />}
    </Field>
  );
}

function NodeList({ tree, onTree, openIndex, setOpenIndex, problem }: { tree: TreeNode; onTree: (tree: TreeNode) => void; openIndex: number | null; setOpenIndex: (i: number | null) => void; problem: { index: number; text: string } | null }) {
  const { t, lang } = useAdminI18n();
  const typeName = useTypeName();
  const nodes = nodesOf(tree);
  const [announce, setAnnounce] = useState('');
  const [focus, setFocus] = useState<{ index: number; dir: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [addType, setAddType] = useState<AddableType>('rail');
  const ids = useId();

  useEffect(() => {
    if (!focus || !listRef.current) return;
    const items = listRef.current.querySelectorAll<HTMLElement>(':scope > li');
    const item = items[focus.index];
    // Keep the keyboard on the moved node: the same button, else the other one at an end of the list.
    const button = item?.querySelector<HTMLButtonElement>(`[data-move="${focus.dir}"]:not(:disabled)`) ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
    setFocus(null);
  }, [focus]);

  const move = (index: number, delta: number) => {
    const node = nodes[index];
    if (!node) return;
    onTree(moveNode(tree, index, delta));
    if (openIndex === index) setOpenIndex(index + delta);
    setFocus({ index: index + delta, dir: delta < 0 ? 'up' : 'down' });
    setAnnounce(t('structures.moved', { title: titleIn(node, lang), position: index + delta + 1, total: nodes.length }));
  };

  return (
    <Section title={t('structures.nodes')}>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      {nodes.length === 0 ? (
        <p className="text-muted">{t('structures.nodesEmpty')}</p>
      ) : (
        <ol ref={listRef} className="flex flex-col gap-3" aria-label={t('structures.nodes')}>
          {nodes.map((node, index) => {
            const title = titleIn(node, lang);
            const open = openIndex === index;
            const count = node.substructure?.length ?? 0;
            return (
              <li key={`${String(node.id ?? node.name)}-${index}`} className={`rounded-xl border bg-bg p-3 ${problem?.index === index ? 'border-red-600' : 'border-border'}`} data-testid="structure-node">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-surface text-sm font-semibold" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate font-semibold" data-testid="structure-node-title">
                      {title}
                    </p>
                    <p className="text-sm text-muted">
                      {typeName(nodeType(node))} · {t('structures.itemCount', { count })}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" className="h-10 px-3" data-move="up" disabled={index === 0} aria-label={t('structures.moveUp', { title })} onClick={() => move(index, -1)}>
                      <span aria-hidden="true">↑</span>
                    </Button>
                    <Button variant="secondary" className="h-10 px-3" data-move="down" disabled={index === nodes.length - 1} aria-label={t('structures.moveDown', { title })} onClick={() => move(index, 1)}>
                      <span aria-hidden="true">↓</span>
                    </Button>
                    <Button variant="secondary" className="h-10 px-4" aria-expanded={open} aria-label={open ? undefined : t('structures.edit', { title })} onClick={() => setOpenIndex(open ? null : index)}>
                      {open ? t('structures.close') : t('structures.edit', { title: '' }).trim()}
                    </Button>
                    <Button
                      variant="ghost"
                      className="h-10 px-4"
                      aria-label={t('structures.remove', { title })}
                      onClick={() => {
                        onTree(removeNode(tree, index));
                        setOpenIndex(null);
                        setAnnounce(t('structures.removed', { title }));
                      }}
                    >
                      ✕
                    </Button>
                  </div>
                </div>
                {problem?.index === index && (
                  <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
                    {problem.text}
                  </p>
                )}
                {open && <NodeEditor node={node} onChange={(next) => onTree(replaceNode(tree, index, next))} />}
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${ids}-add`} className="text-sm font-semibold">
            {t('structures.addType')}
          </label>
          <select id={`${ids}-add`} className={SELECT_CLASS} value={addType} onChange={(e) => setAddType(e.target.value as AddableType)}>
            {ADDABLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeName(type)}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          className="h-11 px-5"
          onClick={() => {
            const next = addNode(tree, addType, t('structures.newTitle', { type: typeName(addType) }));
            onTree(next);
            setOpenIndex(nodesOf(next).length - 1);
          }}
        >
          {t('structures.add')}
        </Button>
      </div>
    </Section>
  );
}

function PreviewPanel({ name, tree }: { name: string; tree: TreeNode }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const typeName = useTypeName();
  const [audience, setAudience] = useState<'guest' | 'subscriber'>('guest');
  const [limit, setLimit] = useState('');
  const [device, setDeviceValue] = useState<Device>('');
  const [os, setOsValue] = useState('');
  const [at, setAt] = useState('');
  const [result, setResult] = useState<PreviewNode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const maxRating = audience === 'subscriber' && limit.trim() !== '' ? Number(limit) : undefined;
      setResult(
        await structureCalls.preview(api, name, {
          tree,
          audience,
          lang,
          ...(maxRating !== undefined && Number.isInteger(maxRating) ? { maxRating } : {}),
          ...(device ? { device } : {}),
          ...(os.trim() ? { os: os.trim() } : {}),
          ...(at ? { at: utcFromInput(at) } : {}),
        }),
      );
    } catch (e) {
      const { code, data } = errorOf(e);
      setResult(null);
      setError(code === 'VALIDATION_ERROR' ? t('structures.invalid', { field: fieldText(data.field), reason: fieldText(data.reason) }) : t('structures.failed', { code: code ?? '?' }));
    } finally {
      setBusy(false);
    }
  };
  const shown = result?.substructure ?? [];
  return (
    <Section title={t('structures.preview')}>
      <p className="mb-4 text-sm text-muted">{t('structures.previewIntro')}</p>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <fieldset className="mb-4 flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('structures.audience')}</legend>
          {(['guest', 'subscriber'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="structures-audience" value={value} checked={audience === value} onChange={() => setAudience(value)} className="size-4 accent-primary" />
              {t(`structures.${value}`)}
            </label>
          ))}
        </fieldset>
        {audience === 'subscriber' ? (
          <Field label={t('structures.parentalLimit')} hint={t('structures.parentalLimitHint')}>
            {(ids) => <input {...ids} type="number" min={0} max={1000} inputMode="numeric" className={INPUT_CLASS} value={limit} onChange={(e) => setLimit(e.target.value)} />}
          </Field>
        ) : (
          <div />
        )}
        <Field label={t('structures.device')}>
          {(ids) => (
            <select {...ids} className={SELECT_CLASS} value={device} onChange={(e) => setDeviceValue(e.target.value as Device)}>
              <option value="">{t('structures.deviceAny')}</option>
              <option value="desktop">{t('structures.deviceDesktop')}</option>
              <option value="mobile">{t('structures.deviceMobile')}</option>
            </select>
          )}
        </Field>
        <Field label={t('structures.previewOs')} hint={t('structures.previewOsHint')}>
          {(ids) => <input {...ids} dir="ltr" className={INPUT_CLASS} value={os} onChange={(e) => setOsValue(e.target.value)} />}
        </Field>
        <Field label={t('structures.previewAt')} hint={t('structures.previewAtHint')}>
          {(ids) => <input {...ids} type="datetime-local" step={1} className={INPUT_CLASS} value={at} onChange={(e) => setAt(e.target.value)} />}
        </Field>
      </div>
      <Button className="h-11 px-5" disabled={busy} onClick={() => void run()}>
        {t('structures.previewRun')}
      </Button>
      <div className="mt-4" aria-live="polite">
        {error && <Notice tone="error">{error}</Notice>}
        {result &&
          (shown.length === 0 ? (
            <p className="text-muted">{t('structures.previewEmpty')}</p>
          ) : (
            <>
              <p className="mb-2 text-sm">{t('structures.previewShown', { count: shown.length })}</p>
              <ol className="flex flex-col gap-2" data-testid="structure-preview">
                {shown.map((node, index) => (
                  <li key={`${String(node.id ?? node.name)}-${index}`} className="flex flex-wrap items-baseline gap-x-3 rounded-lg border border-border bg-bg px-3 py-2">
                    <span className="font-semibold" data-testid="structure-preview-title">
                      {node.data.title || node.name}
                    </span>
                    <span className="text-sm text-muted">
                      {typeName(typeof node.data.customProperties.type === 'string' ? node.data.customProperties.type : '')} · {t('structures.itemCount', { count: node.substructure.length })}
                    </span>
                  </li>
                ))}
              </ol>
            </>
          ))}
      </div>
    </Section>
  );
}

function History({ name, editing, onOpen, onPublished }: { name: string; editing: number; onOpen: (version: number) => void; onPublished: (text: string, version: number) => void }) {
  const { t } = useAdminI18n();
  const { api } = useConsole();
  const queryClient = useQueryClient();
  const versions = useQuery({ queryKey: ['admin', 'structures', name, 'versions'], queryFn: () => structureCalls.versions(api, name) });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = versions.data;
  const publish = async (version: number) => {
    setBusy(true);
    setError(null);
    try {
      await structureCalls.publish(api, name, version);
      const older = data?.publishedVersion != null && version < data.publishedVersion;
      onPublished(older ? t('structures.rolledBack', { version }) : t('structures.publishedNow', { version }), version);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'structures'] });
    } catch (e) {
      setError(t('structures.failed', { code: errorOf(e).code ?? '?' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('structures.history')}>
      {error && <Notice tone="error">{error}</Notice>}
      {!data ? (
        <p className="text-muted">{t('loading')}</p>
      ) : (
        <ScrollRegion label={t('structures.history')}>
          <table aria-label={t('structures.history')} className="w-full min-w-[36rem] text-start text-sm">
            <thead>
              <tr className="border-b border-border text-muted">
                <th scope="col" className="px-2 py-2 text-start">{t('structures.version')}</th>
                <th scope="col" className="px-2 py-2 text-start">{t('structures.author')}</th>
                <th scope="col" className="px-2 py-2 text-start">{t('structures.created')}</th>
                <th scope="col" className="px-2 py-2 text-start">{t('structures.noteColumn')}</th>
                <th scope="col" className="px-2 py-2 text-start">{t('structures.state')}</th>
              </tr>
            </thead>
            <tbody>
              {data.versions.map((v) => {
                const live = v.version === data.publishedVersion;
                const older = data.publishedVersion != null && v.version < data.publishedVersion;
                return (
                  <tr key={v.version} className="border-b border-border align-top" data-testid="structure-version">
                    <th scope="row" className="px-2 py-2 text-start font-semibold">
                      {v.version}
                      {v.version === editing && <span className="block text-xs font-normal text-muted">{t('structures.editing', { version: v.version })}</span>}
                    </th>
                    <td className="px-2 py-2">
                      <Ltr>{v.author === 'seed' ? t('structures.seed') : v.author === 'template' ? t('structures.template') : v.author}</Ltr>
                    </td>
                    <td className="px-2 py-2">
                      <Ltr>{v.createdAt.replace('T', ' ').replace('Z', ' UTC')}</Ltr>
                    </td>
                    <td className="px-2 py-2">{v.note}</td>
                    <td className="px-2 py-2">
                      <div className="flex flex-wrap gap-2">
                        {live ? (
                          <span className="rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-contrast">{t('structures.live')}</span>
                        ) : (
                          <Button variant="secondary" className="h-9 px-3 text-sm" disabled={busy} onClick={() => void publish(v.version)}>
                            {older ? t('structures.rollBack', { version: v.version }) : t('structures.publishVersion', { version: v.version })}
                          </Button>
                        )}
                        {v.version !== editing && (
                          <Button variant="ghost" className="h-9 px-3 text-sm" onClick={() => onOpen(v.version)}>
                            {t('structures.open', { version: v.version })}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Section>
  );
}

function Editor({ summary, doc, onOpen, outcome, setOutcome }: { summary: StructureSummary; doc: StructureDocument; onOpen: (version: number | undefined) => void; outcome: Outcome | null; setOutcome: (o: Outcome | null) => void }) {
  const { t } = useAdminI18n();
  const { api } = useConsole();
  const queryClient = useQueryClient();
  const [tree, setTree] = useState<TreeNode>(doc.tree);
  const [dirty, setDirty] = useState(false);
  const [note, setNote] = useState('');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ index: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const onTree = (next: TreeNode) => {
    setTree(next);
    setDirty(true);
    setProblem(null);
    setOutcome(null);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'structures'] });

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
      <History
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

export default function StructuresPage() {
  const { t } = useAdminI18n();
  const { api } = useConsole();
  const ids = useId();
  const list = useQuery({ queryKey: ['admin', 'structures', 'list'], queryFn: () => structureCalls.list(api) });
  const [name, setName] = useState<string | null>(null);
  const [version, setVersion] = useState<number | undefined>(undefined);
  // Kept here: a save or publish loads the new version into a fresh editor, and the message stays.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const structures = list.data ?? [];
  const chosen = name ?? (structures.some((s) => s.name === 'home') ? 'home' : (structures[0]?.name ?? null));
  const summary = structures.find((s) => s.name === chosen) ?? null;
  const doc = useQuery({
    queryKey: ['admin', 'structures', chosen, 'doc', version ?? 'newest'],
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
        <Editor key={`${summary.name}-${doc.data.version.version}`} summary={summary} doc={doc.data} onOpen={setVersion} outcome={outcome} setOutcome={setOutcome} />
      )}
      {doc.isPending && chosen && <p className="text-muted">{t('loading')}</p>}
    </div>
  );
}
