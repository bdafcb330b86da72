/**
 * The draft previewed by the storefront itself: the structure call's answer for the draft (unsaved changes
 * included) as a guest or a subscriber sees it, on a device, system and time, drawn by the storefront's own
 * components in a frame of a desktop's width or a 390-pixel phone's, in a language (the storefront framed at
 * ?structurePreview=<name>, src/lib/structure-preview-protocol.ts). Beside it the nodes shown, with the items
 * each shows.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { LANGUAGES, type LanguageCode } from '@/config/languages';
import { localizePath } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PREVIEW_NODE, PREVIEW_PARAM, PREVIEW_READY } from '@/lib/structure-preview-protocol';
import { Field, INPUT_CLASS, Notice, SELECT_CLASS, Section } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { useCatalogTotals } from '../catalog-totals';
import { itemCount } from '../node-content';
import { fieldText, previewTree, useTypeName } from '../structure-model';
import { storefrontPath, structureCalls, type PreviewNode } from '../structures-api';
import { utcFromInput, type TreeNode } from '../structures-tree';

type Frame = 'phone' | 'desktop';
const FRAME = { phone: { width: 390, height: 844, scale: 1 }, desktop: { width: 1280, height: 900, scale: 0.5 } } as const;

export function PreviewPanel({ name, tree }: { name: string; tree: TreeNode }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const typeName = useTypeName();
  const [audience, setAudience] = useState<'guest' | 'subscriber'>('guest');
  const [limit, setLimit] = useState('');
  const [frame, setFrame] = useState<Frame>('desktop');
  const [frameLang, setFrameLang] = useState<LanguageCode>(lang);
  const [os, setOsValue] = useState('');
  const [at, setAt] = useState('');
  const [result, setResult] = useState<PreviewNode | null>(null);
  const [shownFor, setShownFor] = useState<{ frame: Frame; lang: LanguageCode } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const resultRef = useRef<PreviewNode | null>(null);
  useEffect(() => {
    resultRef.current = result;
  }, [result]);

  // The framed storefront asks for the answer once it listens (and again after a reload of the frame).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; name?: unknown } | null;
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow || data?.type !== PREVIEW_READY || data.name !== name) return;
      if (resultRef.current) frameRef.current.contentWindow?.postMessage({ type: PREVIEW_NODE, name, node: resultRef.current }, window.location.origin);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [name]);
  // A new answer for the same frame goes to the storefront at once.
  useEffect(() => {
    if (result) frameRef.current?.contentWindow?.postMessage({ type: PREVIEW_NODE, name, node: result }, window.location.origin);
  }, [result, name]);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const maxRating = audience === 'subscriber' && limit.trim() !== '' ? Number(limit) : undefined;
      setResult(
        await structureCalls.preview(api, name, {
          tree,
          audience,
          lang: frameLang,
          device: frame === 'phone' ? 'mobile' : 'desktop',
          ...(maxRating !== undefined && Number.isInteger(maxRating) ? { maxRating } : {}),
          ...(os.trim() ? { os: os.trim() } : {}),
          ...(at ? { at: utcFromInput(at) } : {}),
        }),
      );
      setShownFor({ frame, lang: frameLang });
    } catch (e) {
      const { code, data } = errorOf(e);
      setResult(null);
      setShownFor(null);
      setError(code === 'VALIDATION_ERROR' ? t('structures.invalid', { field: fieldText(data.field), reason: fieldText(data.reason) }) : t('structures.failed', { code: code ?? '?' }));
    } finally {
      setBusy(false);
    }
  };
  const shown = useMemo(() => result?.substructure ?? [], [result]);
  const shownTrees = useMemo(() => shown.map(previewTree), [shown]);
  const totals = useCatalogTotals(shownTrees);
  const page = storefrontPath(name) ?? '/';
  const size = shownFor ? FRAME[shownFor.frame] : null;
  return (
    <Section title={t('structures.preview')}>
      <p className="mb-4 text-sm text-muted">{t('structures.previewIntro')}</p>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <fieldset className="mb-4 flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('structures.previewFrame')}</legend>
          {(['desktop', 'phone'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="structures-frame" value={value} checked={frame === value} onChange={() => setFrame(value)} className="size-4 accent-primary" data-testid={`preview-frame-${value}`} />
              {t(`structures.frames.${value}`)}
            </label>
          ))}
        </fieldset>
        <Field label={t('structures.previewLanguage')}>
          {(ids) => (
            <select {...ids} className={SELECT_CLASS} value={frameLang} onChange={(e) => setFrameLang(e.target.value as LanguageCode)} data-testid="preview-language">
              {LANGUAGES.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
          )}
        </Field>
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
        <Field label={t('structures.previewOs')} hint={t('structures.previewOsHint')}>
          {(ids) => <input {...ids} dir="ltr" className={INPUT_CLASS} value={os} onChange={(e) => setOsValue(e.target.value)} />}
        </Field>
        <Field label={t('structures.previewAt')} hint={t('structures.previewAtHint')}>
          {(ids) => <input {...ids} type="datetime-local" step={1} className={INPUT_CLASS} value={at} onChange={(e) => setAt(e.target.value)} />}
        </Field>
      </div>
      <Button className="h-11 px-5" disabled={busy} onClick={() => void run()} data-testid="preview-run">
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
                {shown.map((node, index) => {
                  const asTree = shownTrees[index];
                  const count = asTree ? itemCount(asTree, totals.get(asTree)) : null;
                  return (
                    <li key={`${String(node.id ?? node.name)}-${index}`} className="flex flex-wrap items-baseline gap-x-3 rounded-lg border border-border bg-bg px-3 py-2">
                      <span className="font-semibold" data-testid="structure-preview-title">
                        {node.data.title || node.name}
                      </span>
                      <span className="text-sm text-muted" data-testid="structure-preview-summary">
                        {typeName(typeof node.data.customProperties.type === 'string' ? node.data.customProperties.type : '')} · {count === null ? t('structures.counting') : t('structures.itemCount', { count })}
                      </span>
                    </li>
                  );
                })}
              </ol>
            </>
          ))}
      </div>
      {result && shownFor && size && (
        <div dir="ltr" className="mt-4 overflow-auto rounded-xl border border-border bg-bg p-2" style={{ maxHeight: size.height * size.scale + 24 }}>
          <div style={{ width: size.width * size.scale, height: size.height * size.scale }}>
            <iframe
              ref={frameRef}
              key={`${shownFor.frame}-${shownFor.lang}`}
              title={t('structures.previewFrameTitle', { name, frame: t(`structures.frames.${shownFor.frame}`) })}
              src={`${localizePath(page, shownFor.lang)}?${PREVIEW_PARAM}=${encodeURIComponent(name)}`}
              width={size.width}
              height={size.height}
              className="origin-top-left border-0 bg-white"
              style={{ transform: `scale(${size.scale})` }}
              data-testid="preview-storefront"
            />
          </div>
        </div>
      )}
    </Section>
  );
}
