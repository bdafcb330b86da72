/**
 * One article in the console (GET/PUT /backend/admin/catalog/articles/{id}): the fields every
 * language shares above (type, rating, dates, licensor, artists, categories, parent, availability
 * window, media, prices per business model), a tab per language for its title and description, the
 * relations (the collection it belongs to, its tracks or episodes), and Save (on the version read),
 * Duplicate, Publish or Unpublish. A refused save shows every field's error; /catalog/new makes one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LANGUAGES, getDirection, type LanguageCode } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Field, INPUT_CLASS, Notice, PageHeader, Section, TEXTAREA_CLASS } from '../components/fields';
import { errorOf, useConsole } from '../lib/console-context';
import { useAdminI18n } from '../lib/i18n-context';
import type { AdminKey } from '../lib/i18n';
import { catalogCalls, fieldErrors, type AdminArticle, type ArticleObject, type FieldError } from './catalog-api';
import { ErrorList } from './catalog-page';
import { toDecimal, toMinor } from './plans-form';
import { currencyDecimals } from './reports/format';

type Texts = Partial<Record<LanguageCode, string>>;
interface Price {
  amount: number;
  currency: string;
  businessModel: string;
}

const NEW_ARTICLE: ArticleObject = { contentType: 'full_track_music', title: { en: '' }, rating: 0, published: false };

const texts = (doc: ArticleObject, key: string): Texts => (typeof doc[key] === 'object' && doc[key] !== null ? (doc[key]) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const ids = (v: unknown): string => (Array.isArray(v) ? v.join(', ') : '');
/** "2024-05-01T10:00:00Z" -> the value of a datetime-local input (UTC shown as it is). */
const toLocalInput = (iso: unknown): string => (typeof iso === 'string' && iso.length >= 16 ? iso.slice(0, 16) : typeof iso === 'string' && iso.length === 10 ? `${iso}T00:00` : '');
const fromLocalInput = (value: string): string | undefined => (value ? `${value}:00Z` : undefined);

/** The article object with one key set, or removed when the value is empty. */
function withValue(doc: ArticleObject, key: string, value: unknown): ArticleObject {
  const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  return Object.fromEntries([...Object.entries(doc).filter(([k]) => k !== key), ...(empty ? [] : [[key, value] as const])]);
}

/** The object with one key set to `value`, or without it when `value` is empty. */
function withEntry<T>(map: Record<string, T>, key: string, value: T | ''): Record<string, T> {
  return Object.fromEntries([...Object.entries(map).filter(([k]) => k !== key), ...(value === '' ? [] : [[key, value] as const])]);
}

function parseIds(text: string, numeric: boolean): (string | number)[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (numeric && /^\d+$/.test(s) ? Number(s) : s));
}

function LanguageTabs({ doc, onChange, errorOf: fieldError }: { doc: ArticleObject; onChange: (doc: ArticleObject) => void; errorOf: (field: string) => string | undefined }) {
  const { t } = useAdminI18n();
  const [active, setActive] = useState<LanguageCode>('en');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const titles = texts(doc, 'title');
  const descriptions = texts(doc, 'description');
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = LANGUAGES.findIndex((l) => l.code === active);
    const rtl = document.documentElement.dir === 'rtl';
    const step = e.key === 'ArrowRight' ? (rtl ? -1 : 1) : e.key === 'ArrowLeft' ? (rtl ? 1 : -1) : e.key === 'Home' ? -at : e.key === 'End' ? LANGUAGES.length - 1 - at : 0;
    if (!step) return;
    e.preventDefault();
    const next = (at + step + LANGUAGES.length) % LANGUAGES.length;
    const language = LANGUAGES[next];
    if (language) setActive(language.code);
    tabs.current[next]?.focus();
  };
  const set = (key: 'title' | 'description', lang: LanguageCode, value: string) => {
    const current = withEntry(texts(doc, key), lang, value);
    onChange(withValue(doc, key, Object.keys(current).length ? current : undefined));
  };
  return (
    <div>
      <div role="tablist" aria-label={t('catalog.editor.languages')} className="mb-4 flex flex-wrap gap-2" onKeyDown={onKey}>
        {LANGUAGES.map((l, i) => (
          <button
            key={l.code}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`catalog-tab-${l.code}`}
            aria-selected={active === l.code}
            aria-controls={`catalog-panel-${l.code}`}
            tabIndex={active === l.code ? 0 : -1}
            lang={l.code}
            onClick={() => setActive(l.code)}
            className={`rounded-xl px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-accent ${active === l.code ? 'bg-primary text-primary-contrast' : 'border border-border'}`}
          >
            {l.name}
            {titles[l.code] ? '' : ' ·'}
          </button>
        ))}
      </div>
      {LANGUAGES.filter((l) => l.code === active).map((l) => (
        <div key={l.code} role="tabpanel" id={`catalog-panel-${l.code}`} aria-labelledby={`catalog-tab-${l.code}`} className="grid gap-x-4">
          <Field label={t('catalog.editor.title')} error={fieldError('title')}>
            {(fieldIds) => <input {...fieldIds} name={`title-${l.code}`} lang={l.code} dir={getDirection(l.code)} className={INPUT_CLASS} value={titles[l.code] ?? ''} onChange={(e) => set('title', l.code, e.target.value)} />}
          </Field>
          <Field label={t('catalog.editor.description')} error={fieldError('description')}>
            {(fieldIds) => <textarea {...fieldIds} name={`description-${l.code}`} lang={l.code} dir={getDirection(l.code)} className={TEXTAREA_CLASS} value={descriptions[l.code] ?? ''} onChange={(e) => set('description', l.code, e.target.value)} />}
          </Field>
        </div>
      ))}
    </div>
  );
}

/**
 * A price typed as people write it (7.99 in EUR) and kept as the catalog stores it, in minor units (799): the
 * field says its currency; text that is not a price in it is shown as typed and not taken.
 */
function AmountField({ amount, currency, onAmount }: { amount: number; currency: string; onAmount: (minor: number) => void }) {
  const { t } = useAdminI18n();
  const decimals = currencyDecimals(currency);
  const [typing, setTyping] = useState<string | null>(null);
  const shown = typing ?? toDecimal(amount, decimals);
  const wrong = typing !== null && toMinor(typing, decimals) === null;
  return (
    <Field label={t('catalog.editor.amountIn', { currency })} hint={t('catalog.editor.amountHint')} error={wrong ? t('catalog.editor.amountInvalid') : undefined}>
      {(fieldIds) => (
        <input
          {...fieldIds}
          inputMode="decimal"
          dir="ltr"
          className={INPUT_CLASS}
          value={shown}
          onChange={(e) => {
            setTyping(e.target.value);
            const minor = toMinor(e.target.value, decimals);
            if (minor !== null) onAmount(minor);
          }}
          onBlur={() => {
            if (toMinor(shown, decimals) !== null) setTyping(null);
          }}
        />
      )}
    </Field>
  );
}

function Prices({ doc, onChange, error }: { doc: ArticleObject; onChange: (doc: ArticleObject) => void; error: string | undefined }) {
  const { t } = useAdminI18n();
  const prices = Array.isArray(doc.prices) ? (doc.prices as Price[]) : [];
  const set = (next: Price[]) => onChange(withValue(doc, 'prices', next.length ? next : undefined));
  return (
    <fieldset className="rounded-xl border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{t('catalog.editor.prices')}</legend>
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{error}</p>}
      {prices.map((p, i) => (
        <div key={i} className="grid grid-cols-[1fr_1fr_2fr_auto] items-end gap-2">
          <AmountField amount={p.amount} currency={p.currency} onAmount={(minor) => set(prices.map((x, j) => (j === i ? { ...x, amount: minor } : x)))} />
          <Field label={t('catalog.editor.currency')}>
            {(fieldIds) => <input {...fieldIds} dir="ltr" className={INPUT_CLASS} value={p.currency} onChange={(e) => set(prices.map((x, j) => (j === i ? { ...x, currency: e.target.value } : x)))} />}
          </Field>
          <Field label={t('catalog.editor.businessModel')}>
            {(fieldIds) => <input {...fieldIds} dir="ltr" className={INPUT_CLASS} value={p.businessModel} onChange={(e) => set(prices.map((x, j) => (j === i ? { ...x, businessModel: e.target.value } : x)))} />}
          </Field>
          <Button variant="secondary" className="mb-6" onClick={() => set(prices.filter((_, j) => j !== i))} aria-label={t('catalog.editor.removePrice', { n: i + 1 })}>
            ×
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => set([...prices, { amount: 0, currency: 'EUR', businessModel: 'SUBSCRIPTION' }])}>
        {t('catalog.editor.addPrice')}
      </Button>
    </fieldset>
  );
}

interface EditorNotice {
  tone: 'success' | 'error';
  text: string;
}

/** The form; `notice` lives in the page, so a save (which starts the form again from the new version) keeps it. */
function Editor({ loaded, isNew, notice, setNotice }: { loaded: AdminArticle | null; isNew: boolean; notice: EditorNotice | null; setNotice: (n: EditorNotice | null) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [doc, setDoc] = useState<ArticleObject>(() => (loaded ? (loaded.article) : NEW_ARTICLE));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const fieldError = (field: string) => errors.find((e) => e.field === field || e.field.startsWith(`${field}.`))?.reason;
  const done = (article: AdminArticle, text: string) => {
    setErrors([]);
    setNotice({ tone: 'success', text });
    queryClient.setQueryData(['admin', tenant, 'catalog', 'article', article.id, lang], article);
    void queryClient.invalidateQueries({ queryKey: ['admin', tenant, 'catalog', 'list'] });
    if (article.id !== loaded?.id) void navigate(`/catalog/${article.id}`);
    else setDoc(article.article);
  };
  const failed = (error: unknown) => {
    const { code, data } = errorOf(error);
    if (code === 'VALIDATION_ERROR') {
      setErrors(fieldErrors(data));
      setNotice({ tone: 'error', text: t('catalog.editor.invalid', { count: fieldErrors(data).length }) });
    } else if (code === 'ARTICLE_VERSION_CONFLICT') setNotice({ tone: 'error', text: t('catalog.editor.conflict') });
    else if (code === 'ARTICLE_EXISTS') setNotice({ tone: 'error', text: t('catalog.editor.exists') });
    else setNotice({ tone: 'error', text: t('catalog.editor.failed') });
  };
  const save = useMutation({
    mutationFn: () => (loaded && !isNew ? catalogCalls.save(api, loaded.id, loaded.version, doc, lang) : catalogCalls.create(api, doc, lang)),
    // Only a published article reaches the storefront; an unpublished one is saved for later.
    onSuccess: (a) => done(a, t(a.state === 'unpublished' ? 'catalog.editor.savedUnpublished' : 'catalog.editor.saved')),
    onError: failed,
  });
  const id = loaded?.id ?? 0;
  const version = loaded?.version ?? 0;
  const duplicate = useMutation({ mutationFn: () => catalogCalls.duplicate(api, id, lang), onSuccess: (a) => done(a, t('catalog.editor.duplicated', { id: a.id })), onError: failed });
  const publish = useMutation({
    mutationFn: (on: boolean) => catalogCalls.publish(api, id, version, on, lang),
    onSuccess: (a) => done(a, t(a.state === 'unpublished' ? 'catalog.editor.unpublishedNow' : 'catalog.editor.publishedNow')),
    onError: failed,
  });
  const busy = save.isPending || duplicate.isPending || publish.isPending;
  const text = (key: string, label: AdminKey, options: { dir?: 'ltr'; type?: string } = {}) => (
    <Field label={t(label)} error={fieldError(key)}>
      {(fieldIds) => <input {...fieldIds} name={key} type={options.type ?? 'text'} dir={options.dir} className={INPUT_CLASS} value={str(doc[key])} onChange={(e) => setDoc(withValue(doc, key, options.type === 'number' ? (e.target.value === '' ? undefined : Number(e.target.value)) : e.target.value))} />}
    </Field>
  );
  const media = typeof doc.media === 'object' && doc.media !== null ? (doc.media as Record<string, unknown>) : {};
  const setMedia = (key: string, value: string) => {
    const next = withEntry(media, key, value);
    setDoc(withValue(doc, 'media', Object.keys(next).length ? next : undefined));
  };
  const backTo = search.get('back');
  const title = loaded ? (texts(loaded.article, 'title')[lang] ?? texts(loaded.article, 'title').en ?? `#${loaded.id}`) : t('catalog.create');

  return (
    <>
      <p className="mb-2">
        <Link to={`/catalog${backTo ? `?${backTo}` : ''}`} className="text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent">
          {t('catalog.editor.back')}
        </Link>
      </p>
      <PageHeader title={title} intro={loaded ? t('catalog.editor.meta', { id: loaded.id, version: loaded.version, state: t(`catalog.state.${loaded.state}` as AdminKey) }) : undefined} />
      <form
        className="flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        {notice && (
          <Notice tone={notice.tone}>
            {notice.text}
            {errors.length > 0 && <ErrorList errors={errors} />}
          </Notice>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {t('catalog.editor.save')}
          </Button>
          {loaded && !isNew && (
            <>
              <Button variant="secondary" disabled={busy} onClick={() => duplicate.mutate()}>
                {t('catalog.editor.duplicate')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => publish.mutate(loaded.state === 'unpublished')}>
                {t(loaded.state === 'unpublished' ? 'catalog.editor.publish' : 'catalog.editor.unpublish')}
              </Button>
            </>
          )}
        </div>
        <Section title={t('catalog.editor.fields')}>
          <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
            {text('contentType', 'catalog.editor.contentType', { dir: 'ltr' })}
            {text('rating', 'catalog.editor.rating', { type: 'number' })}
            {text('releaseDate', 'catalog.editor.releaseDate', { dir: 'ltr' })}
            {text('licensorName', 'catalog.editor.licensor')}
            <Field label={t('catalog.editor.artists')} error={fieldError('artistIds')} hint={t('catalog.editor.idsHint')}>
              {(fieldIds) => <input {...fieldIds} name="artistIds" dir="ltr" className={INPUT_CLASS} defaultValue={ids(doc.artistIds)} onBlur={(e) => setDoc(withValue(doc, 'artistIds', parseIds(e.target.value, true)))} />}
            </Field>
            <Field label={t('catalog.editor.categories')} error={fieldError('categoryIds')} hint={t('catalog.editor.idsHint')}>
              {(fieldIds) => <input {...fieldIds} name="categoryIds" dir="ltr" className={INPUT_CLASS} defaultValue={ids(doc.categoryIds)} onBlur={(e) => setDoc(withValue(doc, 'categoryIds', parseIds(e.target.value, false)))} />}
            </Field>
            {text('parentId', 'catalog.editor.parent', { type: 'number' })}
            <Field label={t('catalog.editor.availableFrom')} error={fieldError('availableFrom')}>
              {(fieldIds) => <input {...fieldIds} name="availableFrom" type="datetime-local" className={INPUT_CLASS} value={toLocalInput(doc.availableFrom)} onChange={(e) => setDoc(withValue(doc, 'availableFrom', fromLocalInput(e.target.value)))} />}
            </Field>
            <Field label={t('catalog.editor.availableUntil')} error={fieldError('availableUntil')}>
              {(fieldIds) => <input {...fieldIds} name="availableUntil" type="datetime-local" className={INPUT_CLASS} value={toLocalInput(doc.availableUntil)} onChange={(e) => setDoc(withValue(doc, 'availableUntil', fromLocalInput(e.target.value)))} />}
            </Field>
            <Field label={t('catalog.editor.mediaPath')} error={fieldError('media')}>
              {(fieldIds) => <input {...fieldIds} name="mediaPath" dir="ltr" className={INPUT_CLASS} value={str(media.path)} onChange={(e) => setMedia('path', e.target.value)} />}
            </Field>
            <Field label={t('catalog.editor.previewPath')}>
              {(fieldIds) => <input {...fieldIds} name="previewPath" dir="ltr" className={INPUT_CLASS} value={str(media.previewPath)} onChange={(e) => setMedia('previewPath', e.target.value)} />}
            </Field>
          </div>
          <Prices doc={doc} onChange={setDoc} error={fieldError('prices')} />
        </Section>
        <Section title={t('catalog.editor.texts')}>
          <LanguageTabs doc={doc} onChange={setDoc} errorOf={fieldError} />
        </Section>
        {loaded && (loaded.parent ?? loaded.children.length > 0) && (
          <Section title={t('catalog.editor.relations')}>
            {loaded.parent && (
              <p className="mb-2">
                {t('catalog.editor.belongsTo')}{' '}
                <Link to={`/catalog/${loaded.parent.id}`} className="text-primary underline-offset-2 hover:underline">
                  {loaded.parent.title || `#${loaded.parent.id}`}
                </Link>
              </p>
            )}
            {loaded.children.length > 0 && (
              <>
                <p className="mb-2">{t('catalog.editor.children', { count: loaded.children.length })}</p>
                <ol className="list-decimal ps-6">
                  {loaded.children.map((c) => (
                    <li key={c.id}>
                      <Link to={`/catalog/${c.id}`} className="text-primary underline-offset-2 hover:underline">
                        {c.title || `#${c.id}`}
                      </Link>{' '}
                      <span className="text-sm text-muted">
                        <Ltr>{c.contentType}</Ltr> · {t(`catalog.state.${c.state}` as AdminKey)}
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </Section>
        )}
      </form>
    </>
  );
}

export default function CatalogEditor() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const [notice, setNotice] = useState<EditorNotice | null>(null);
  const numeric = Number(id);
  const article = useQuery({
    queryKey: ['admin', tenant, 'catalog', 'article', numeric, lang],
    queryFn: () => catalogCalls.read(api, numeric, lang),
    enabled: !isNew && Number.isInteger(numeric) && numeric > 0,
    retry: false,
  });
  if (isNew) return <Editor loaded={null} isNew notice={notice} setNotice={setNotice} />;
  if (article.isPending) return <p role="status" className="text-muted">{t('loading')}</p>;
  if (article.isError) return <Notice tone="error">{errorOf(article.error).status === 404 ? t('catalog.editor.notFound') : t('loadFailed')}</Notice>;
  // Keyed by version: a save, publish or reload starts the form from what the server holds.
  return <Editor key={`${article.data.id}-${article.data.version}`} loaded={article.data} isNew={false} notice={notice} setNotice={setNotice} />;
}
