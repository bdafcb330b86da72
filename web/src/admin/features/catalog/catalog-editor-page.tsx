/**
 * One article in the console (GET/PUT /backend/admin/catalog/articles/{id}): the fields every
 * language shares above (type by its name, rating, dates, licensor, categories, parent, availability
 * window, media, its artists by name with a picker, prices per business model), a tab per language for its title and description, the
 * relations (the collection it belongs to, its tracks or episodes), and Save (on the version read),
 * Duplicate, Publish or Unpublish. A refused save shows every field's error; /catalog/new makes one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, Notice, PageHeader, SELECT_CLASS, Section } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { ARTICLE_TYPE_CODES, contentTypeChoices } from '@/admin/lib/content-names';
import { failureText } from '@/admin/lib/failure-text';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { NEW_ARTICLE, fromLocalInput, ids, parseIds, str, texts, toLocalInput, withEntry, withValue, type ArticleFields, type InputField } from './article-model';
import { catalogCalls, fieldErrors, type AdminArticle, type ArticleObject, type FieldError } from './catalog-api';
import { ArticleRelations } from './components/article-relations';
import { ArtistsField } from './components/artists-field';
import { ArticleTexts } from './components/article-texts';
import { ErrorList } from './components/error-list';
import { PricesField } from './components/prices-field';
import { catalogKeys } from './catalog-keys';

/** The form; `notice` lives in the page, so a save (which starts the form again from the new version) keeps it. */
function Editor({ loaded, isNew, notice, setNotice }: { loaded: AdminArticle | null; isNew: boolean; notice: Outcome | null; setNotice: (n: Outcome | null) => void }) {
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
    queryClient.setQueryData(catalogKeys.article(tenant, article.id, lang), article);
    void queryClient.invalidateQueries({ queryKey: catalogKeys.lists(tenant) });
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
    else setNotice({ tone: 'error', text: failureText(t, error) });
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
  // A text or number field of the article (its type the generated ArticleDocument's).
  const text = (key: InputField, label: AdminKey, options: { dir?: 'ltr'; type?: 'number' } = {}) => (
    <Field label={t(label)} error={fieldError(key)}>
      {(fieldIds) => <input {...fieldIds} name={key} type={options.type ?? 'text'} dir={options.dir} className={INPUT_CLASS} value={str(doc[key])} onChange={(e) => setDoc(withValue(doc, key, (options.type === 'number' ? (e.target.value === '' ? undefined : Number(e.target.value)) : e.target.value) as ArticleFields[typeof key]))} />}
    </Field>
  );
  const media = doc.media ?? {};
  const setMedia = (key: 'path' | 'previewPath', value: string) => {
    const next = withEntry<unknown>(media, key, value);
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
            <Field label={t('catalog.editor.contentType')} error={fieldError('contentType')}>
              {(fieldIds) => (
                <select {...fieldIds} name="contentType" className={SELECT_CLASS} value={str(doc.contentType)} onChange={(e) => setDoc(withValue(doc, 'contentType', e.target.value))}>
                  {contentTypeChoices(ARTICLE_TYPE_CODES, t, [str(doc.contentType)]).map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {text('rating', 'catalog.editor.rating', { type: 'number' })}
            {text('releaseDate', 'catalog.editor.releaseDate', { dir: 'ltr' })}
            {text('licensorName', 'catalog.editor.licensor')}
            <Field label={t('catalog.editor.categories')} error={fieldError('categoryIds')} hint={t('catalog.editor.idsHint')}>
              {(fieldIds) => <input {...fieldIds} name="categoryIds" dir="ltr" className={INPUT_CLASS} defaultValue={ids(doc.categoryIds)} onBlur={(e) => setDoc(withValue(doc, 'categoryIds', parseIds(e.target.value)))} />}
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
            <Field label={t('catalog.editor.explicit')} error={fieldError('explicit')} hint={t('catalog.editor.explicitHint')}>
              {(fieldIds) => <input {...fieldIds} name="explicit" type="checkbox" className="size-5 accent-primary" checked={doc.explicit === true} onChange={(e) => setDoc(withValue(doc, 'explicit', e.target.checked ? true : undefined))} />}
            </Field>
            <ArtistsField doc={doc} known={loaded?.artists ?? []} onChange={setDoc} error={fieldError('artistIds')} />
          </div>
          <PricesField doc={doc} onChange={setDoc} error={fieldError('prices')} />
        </Section>
        <Section title={t('catalog.editor.texts')}>
          <ArticleTexts doc={doc} onChange={setDoc} errorOf={fieldError} />
        </Section>
        {loaded && <ArticleRelations article={loaded} />}
      </form>
    </>
  );
}

export default function CatalogEditor() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const [notice, setNotice] = useState<Outcome | null>(null);
  const numeric = Number(id);
  const article = useQuery({
    queryKey: catalogKeys.article(tenant, numeric, lang),
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
