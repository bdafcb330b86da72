/**
 * Vouchers (issue 33 item 5; docs/decisions.md "Voucher batches"): the tenant's batches in the
 * console's grid with their counts, a "New batch" form whose answer shows the codes this once (with a
 * CSV download made in the browser: the server keeps only hashes), a batch's page with its
 * redemptions and "Void batch", and a "Find a code" box with the code's state and "Void code".
 * Codes, e-mail addresses and ids are isolated left to right (Ltr) in Arabic.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { isLanguageCode, type LanguageCode } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DialogShell } from '@/components/ui/dialog-shell';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate } from '@/lib/formatters';
import { DataTable } from '../components/data-table';
import { Field, INPUT_CLASS, Notice, PageHeader, Section, TEXTAREA_CLASS, type NoticeTone } from '../components/fields';
import { adminCalls, type VoucherBatch, type VoucherBatchCreated, type VoucherChoices, type VoucherCode, type VoucherRedemption } from '../lib/api';
import { errorOf, useConsole } from '../lib/console-context';
import type { AdminKey, Translate } from '../lib/i18n';
import { useAdminI18n } from '../lib/i18n-context';
import { MAX_BATCH_COUNT, MAX_NOTE_LENGTH, batchBody, batchCsv, batchCsvName, batchFormErrors, dayFrom, pageCount, type BatchFormValues } from '../lib/vouchers';

const PAGE_SIZE = 20;
const VOUCHER_ERRORS = ['VALIDATION_ERROR', 'VOUCHER_BATCH_NOT_FOUND', 'VOUCHER_NOT_FOUND', 'VOUCHER_ALREADY_REDEEMED'] as const;
const STATES = ['open', 'redeemed', 'voided', 'expired'] as const;
const SOURCES = ['console', 'cli', 'demo', 'legacy'] as const;

function errorText(t: Translate, error: unknown): string {
  const { code } = errorOf(error);
  const known = VOUCHER_ERRORS.find((c) => c === code);
  return t(known ? (`vouchers.errors.${known}` as AdminKey) : 'vouchers.errors.other');
}

function useLang(): LanguageCode {
  const { lang } = useAdminI18n();
  return isLanguageCode(lang) ? lang : 'en';
}

function day(value: string | null | undefined, lang: LanguageCode): string {
  return value ? formatDate(value, lang) : '';
}

/** "Plan Basic" or "Voucher Gift card", with the billing periods a code grants. */
function Grants({ batch }: { batch: Pick<VoucherBatch, 'typeName' | 'typeId' | 'productId' | 'productTitle' | 'periods'> }) {
  const { t } = useAdminI18n();
  return (
    <span className="flex flex-col">
      <span className="font-medium">{batch.productId != null ? t('vouchers.product', { title: batch.productTitle ?? String(batch.productId) }) : t('vouchers.plan', { name: batch.typeName === '' ? String(batch.typeId) : batch.typeName })}</span>
      <span className="text-xs text-muted">{t('vouchers.periods', { count: batch.periods })}</span>
    </span>
  );
}

function Counts({ batch }: { batch: Pick<VoucherBatch, 'minted' | 'redeemed' | 'voided' | 'open' | 'expired'> }) {
  const { t } = useAdminI18n();
  return (
    <ul className="flex flex-col text-sm" data-counts={`${batch.minted}/${batch.redeemed}/${batch.voided}/${batch.open}`}>
      <li>{t('vouchers.countMinted', { count: batch.minted })}</li>
      <li>{t('vouchers.countRedeemed', { count: batch.redeemed })}</li>
      <li>{t('vouchers.countVoided', { count: batch.voided })}</li>
      <li>{t('vouchers.countOpen', { count: batch.open })}</li>
      {batch.expired > 0 && <li>{t('vouchers.countExpired', { count: batch.expired })}</li>}
    </ul>
  );
}

function BatchStatus({ batch }: { batch: Pick<VoucherBatch, 'voidedAt' | 'validUntil'> }) {
  const { t } = useAdminI18n();
  if (batch.voidedAt) return <span className="font-semibold text-red-700 dark:text-red-300">{t('vouchers.statusVoided')}</span>;
  if (batch.validUntil <= new Date().toISOString().slice(0, 19) + 'Z') return <span className="text-muted">{t('vouchers.statusExpired')}</span>;
  return <span>{t('vouchers.statusActive')}</span>;
}

/** Asks before a void: it cannot be undone. */
function ConfirmVoid({ open, title, text, busy, onConfirm, onClose }: { open: boolean; title: string; text: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useAdminI18n();
  return (
    <DialogShell open={open} onOpenChange={(next) => !next && onClose()} title={title} description={text} closeLabel={t('vouchers.close')}>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('vouchers.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} className="bg-red-700 text-white dark:bg-red-600">
          {t('vouchers.confirmVoid')}
        </Button>
      </div>
    </DialogShell>
  );
}

// ---- new batch

function grantOptions(choices: VoucherChoices | undefined, t: Translate): { plans: { value: string; label: string }[]; products: { value: string; label: string }[] } {
  return {
    plans: (choices?.plans ?? []).map((p) => ({ value: `plan:${p.id}`, label: t('vouchers.planOption', { name: p.name, id: p.id }) })),
    products: (choices?.products ?? []).map((p) => ({ value: `product:${p.id}`, label: t('vouchers.productOption', { title: p.title, count: p.periods }) })),
  };
}

function NewBatchForm({ onMinted }: { onMinted: (created: VoucherBatchCreated) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const choices = useQuery({ queryKey: ['admin', tenant, 'vouchers', 'choices', lang], queryFn: () => adminCalls.voucherChoices(api, lang) });
  const [failure, setFailure] = useState<string | null>(null);
  const today = useMemo(() => dayFrom(new Date(), 0), []);
  const { register, handleSubmit, formState, setError } = useForm<BatchFormValues>({
    defaultValues: { grants: '', count: '10', validFrom: '', validUntil: '', note: '' },
    mode: 'onBlur',
  });
  const options = grantOptions(choices.data, t);
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const errors = batchFormErrors(values);
    const fields = Object.entries(errors) as [keyof BatchFormValues, string][];
    if (fields.length > 0) {
      for (const [field, reason] of fields) setError(field, { type: 'client', message: t(`vouchers.errors.${reason}` as AdminKey, { max: MAX_BATCH_COUNT, length: MAX_NOTE_LENGTH }) }, { shouldFocus: field === fields[0]?.[0] });
      return;
    }
    try {
      const created = await adminCalls.mintVouchers(api, batchBody(values));
      await queryClient.invalidateQueries({ queryKey: ['admin', tenant, 'vouchers', 'batches'] });
      onMinted(created);
    } catch (error) {
      const { code, data } = errorOf(error);
      const text = errorText(t, error);
      const field = typeof data.field === 'string' ? data.field : '';
      const reason = typeof data.reason === 'string' ? data.reason : '';
      const target: keyof BatchFormValues | null = field === 'typeId' || field === 'productId' ? 'grants' : field === 'count' || field === 'validFrom' || field === 'validUntil' || field === 'note' ? field : null;
      if (code === 'VALIDATION_ERROR' && target) setError(target, { type: 'server', message: reason ? `${text} (${reason})` : text }, { shouldFocus: true });
      setFailure(text);
    }
  });
  const err = formState.errors;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid grid-cols-1 items-start gap-x-4 md:grid-cols-2" aria-label={t('vouchers.newBatch')}>
      <Field label={t('vouchers.grants')} error={err.grants?.message} hint={t('vouchers.grantsHint')}>
        {(ids) => (
          <select {...ids} className={INPUT_CLASS} {...register('grants', { validate: (v) => (v ? true : t('vouchers.errors.grants')) })}>
            <option value="">{t('vouchers.choose')}</option>
            {options.plans.length > 0 && (
              <optgroup label={t('vouchers.plansGroup')}>
                {options.plans.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            )}
            {options.products.length > 0 && (
              <optgroup label={t('vouchers.productsGroup')}>
                {options.products.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        )}
      </Field>
      <Field label={t('vouchers.count')} error={err.count?.message} hint={t('vouchers.countHint', { max: MAX_BATCH_COUNT })}>
        {(ids) => <input {...ids} type="number" inputMode="numeric" min={1} max={MAX_BATCH_COUNT} dir="ltr" className={INPUT_CLASS} {...register('count')} />}
      </Field>
      <Field label={t('vouchers.validFrom')} error={err.validFrom?.message} hint={t('vouchers.validFromHint')}>
        {(ids) => <input {...ids} type="date" min={today} dir="ltr" className={INPUT_CLASS} {...register('validFrom')} />}
      </Field>
      <Field label={t('vouchers.validUntil')} error={err.validUntil?.message} hint={t('vouchers.validUntilHint')}>
        {(ids) => <input {...ids} type="date" min={today} dir="ltr" className={INPUT_CLASS} {...register('validUntil')} />}
      </Field>
      <Field label={t('vouchers.note')} error={err.note?.message} hint={t('vouchers.noteHint', { length: MAX_NOTE_LENGTH })} className="md:col-span-2">
        {(ids) => <textarea {...ids} maxLength={MAX_NOTE_LENGTH + 50} className={TEXTAREA_CLASS} {...register('note')} />}
      </Field>
      <div className="flex flex-col gap-3 md:col-span-2">
        {failure && <Notice tone="error">{failure}</Notice>}
        <div>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('vouchers.minting') : t('vouchers.mint')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The codes of the batch just minted: shown this once, with the CSV made here. */
function MintedCodes({ created, onDone }: { created: VoucherBatchCreated; onDone: () => void }) {
  const { t } = useAdminI18n();
  const { tenant } = useConsole();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The answer replaces the form: keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  const download = () => {
    const url = URL.createObjectURL(new Blob([batchCsv(created.batch, created.codes)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = batchCsvName(tenant, created.batch);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);  // no clipboard (an insecure origin, a refused permission): the CSV is still there
    }
  };
  return (
    <section aria-labelledby="minted-heading" className="flex flex-col gap-4 rounded-2xl border-2 border-primary bg-surface p-4 sm:p-6" data-batch={created.batch.id}>
      <h2 id="minted-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('vouchers.minted', { count: created.codes.length })}
      </h2>
      <Notice tone="info">
        <strong>{t('vouchers.onceWarning')}</strong>
      </Notice>
      <div className="flex flex-wrap gap-3">
        <Button onClick={download}>{t('vouchers.downloadCsv')}</Button>
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('vouchers.copied') : t('vouchers.copy')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('vouchers.done')}
        </Button>
      </div>
      <ol aria-label={t('vouchers.codesLabel')} className="grid max-h-80 gap-1 overflow-y-auto font-mono text-sm sm:grid-cols-2 lg:grid-cols-3">
        {created.codes.map((code) => (
          <li key={code} data-code={code}>
            <Ltr>{code}</Ltr>
          </li>
        ))}
      </ol>
    </section>
  );
}

// ---- find a code

function CodeDetails({ code, onVoided }: { code: VoucherCode; onVoided: (code: VoucherCode) => void }) {
  const { t } = useAdminI18n();
  const lang = useLang();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const voidCode = useMutation({
    mutationFn: () => adminCalls.voidVoucher(api, code.id),
    onSuccess: async (voided) => {
      setConfirming(false);
      onVoided(voided);
      await queryClient.invalidateQueries({ queryKey: ['admin', tenant, 'vouchers'] });
    },
    onError: (error) => {
      setConfirming(false);
      setFailure(errorText(t, error));
    },
  });
  const state = STATES.find((s) => s === code.state);
  const rows: [string, ReactNode][] = [
    [t('vouchers.codeState'), <span key="s" data-state={code.state} className="font-semibold">{state ? t(`vouchers.state.${state}`) : code.state}</span>],
    [t('vouchers.validity'), `${day(code.validFrom ?? code.createdAt, lang)} – ${day(code.validUntil, lang)}`],
  ];
  if (code.batchId)
    rows.push([
      t('vouchers.codeBatch'),
      <Link key="b" to={`/vouchers/${encodeURIComponent(code.batchId)}`} className="underline">
        {(code.batchNote ?? '') !== '' ? code.batchNote : <Ltr>{code.batchId}</Ltr>}
      </Link>,
    ]);
  if (code.orderId) rows.push([t('vouchers.codeOrder'), <Ltr key="o">{code.orderId}</Ltr>]);
  if (code.redeemedAt) {
    rows.push([t('vouchers.redeemedAt'), day(code.redeemedAt, lang)]);
    rows.push([t('vouchers.redeemedBy'), <Ltr key="c">{code.customer ?? code.customerId ?? ''}</Ltr>]);
  }
  if (code.voidedAt) {
    rows.push([t('vouchers.voidedAt'), day(code.voidedAt, lang)]);
    rows.push([t('vouchers.voidedBy'), code.voidedBy ? <Ltr key="v">{code.voidedBy}</Ltr> : t('vouchers.voidedByResend')]);
  }
  return (
    <div className="mt-4 flex flex-col gap-3" data-code-id={code.id}>
      <p className="font-semibold">
        {t('vouchers.codeEnding')} <Ltr>…-{code.hint}</Ltr>
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {failure && <Notice tone="error">{failure}</Notice>}
      {code.state === 'open' || code.state === 'expired' ? (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('vouchers.voidCode')}
          </Button>
        </div>
      ) : null}
      <ConfirmVoid
        open={confirming}
        title={t('vouchers.voidCodeTitle')}
        text={t('vouchers.voidCodeText', { hint: code.hint })}
        busy={voidCode.isPending}
        onConfirm={() => voidCode.mutate()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

function FindCode() {
  const { t } = useAdminI18n();
  const { api } = useConsole();
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<VoucherCode | null>(null);
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string } | null>(null);
  const find = useMutation({
    mutationFn: (code: string) => adminCalls.findVoucher(api, code),
    onSuccess: (code) => {
      setFound(code);
      setNotice(null);
    },
    onError: (error) => {
      setFound(null);
      setNotice({ tone: 'error', text: errorText(t, error) });
    },
  });
  return (
    <>
      <form
        role="search"
        aria-label={t('vouchers.find')}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) find.mutate(text.trim());
        }}
      >
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-semibold">
            {t('vouchers.findLabel')}
          </label>
          <input id={id} value={text} onChange={(e) => setText(e.target.value)} dir="ltr" autoComplete="off" spellCheck={false} placeholder="ABCD-EFGH-JKLM-NPQR" aria-describedby={`${id}-hint`} className={`${INPUT_CLASS} font-mono uppercase`} />
          <p id={`${id}-hint`} className="text-sm text-muted">
            {t('vouchers.findHint')}
          </p>
        </div>
        <Button type="submit" className="mb-7" disabled={find.isPending}>
          {find.isPending ? t('vouchers.finding') : t('vouchers.findButton')}
        </Button>
      </form>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {found && (
        <CodeDetails
          key={found.id + found.state}
          code={found}
          onVoided={(voided) => {
            setFound(voided);
            setNotice({ tone: 'success', text: t('vouchers.codeVoided') });
          }}
        />
      )}
    </>
  );
}

// ---- the list

const batchColumn = createColumnHelper<VoucherBatch>();

function BatchList() {
  const { t } = useAdminI18n();
  const lang = useLang();
  const { api, tenant } = useConsole();
  const [page, setPage] = useState(1);
  const batches = useQuery({ queryKey: ['admin', tenant, 'vouchers', 'batches', page], queryFn: () => adminCalls.voucherBatches(api, page, PAGE_SIZE) });
  const columns = useMemo(
    () => [
      batchColumn.accessor('createdAt', {
        header: () => t('vouchers.created'),
        cell: (info) => (
          <span className="flex flex-col">
            <span>{day(info.getValue(), lang)}</span>
            <span className="text-xs text-muted">
              <Ltr>{info.row.original.createdByEmail || info.row.original.createdBy}</Ltr>
              {' · '}
              {(() => {
                const source = SOURCES.find((s) => s === info.row.original.source);
                return source ? t(`vouchers.source.${source}`) : info.row.original.source;
              })()}
            </span>
          </span>
        ),
      }),
      batchColumn.display({ id: 'grants', header: () => t('vouchers.grants'), cell: (info) => <Grants batch={info.row.original} /> }),
      batchColumn.accessor('note', { header: () => t('vouchers.note'), cell: (info) => <span className="line-clamp-2 max-w-56 break-words">{info.getValue()}</span> }),
      batchColumn.display({ id: 'window', header: () => t('vouchers.validity'), cell: (info) => `${day(info.row.original.validFrom, lang)} – ${day(info.row.original.validUntil, lang)}` }),
      batchColumn.display({ id: 'counts', header: () => t('vouchers.codes'), cell: (info) => <Counts batch={info.row.original} /> }),
      batchColumn.display({ id: 'status', header: () => t('vouchers.status'), cell: (info) => <BatchStatus batch={info.row.original} /> }),
      batchColumn.display({
        id: 'open',
        header: () => <span className="sr-only">{t('vouchers.details')}</span>,
        cell: (info) => (
          <Link to={`/vouchers/${encodeURIComponent(info.row.original.id)}`} className={buttonClass('secondary', 'whitespace-nowrap')} aria-label={t('vouchers.detailsOf', { note: info.row.original.note || day(info.row.original.createdAt, lang) })}>
            {t('vouchers.details')}
          </Link>
        ),
      }),
    ],
    [t, lang],
  );
  if (batches.isPending) return <p role="status" className="text-muted">{t('loading')}</p>;
  if (batches.isError) return <Notice tone="error">{errorText(t, batches.error)}</Notice>;
  return (
    <>
      <p className="mb-3 text-sm text-muted">{t('vouchers.batchesTotal', { count: batches.data.total })}</p>
      <DataTable
        data={batches.data.items}
        columns={columns}
        getRowId={(row) => row.id}
        label={t('vouchers.batches')}
        wide
        empty={t('vouchers.empty')}
        align="top"
        serverPages={{ page, pages: pageCount(batches.data.total, batches.data.size), onPage: setPage }}
        rowAttributes={(batch) => ({ 'data-batch': batch.id })}
      />
    </>
  );
}

// ---- one batch

const redemptionColumn = createColumnHelper<VoucherRedemption>();

function BatchPage({ id }: { id: string }) {
  const { t } = useAdminI18n();
  const lang = useLang();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string } | null>(null);
  const detail = useQuery({ queryKey: ['admin', tenant, 'vouchers', 'batch', id, page], queryFn: () => adminCalls.voucherBatch(api, id, page, PAGE_SIZE) });
  const voidBatch = useMutation({
    mutationFn: () => adminCalls.voidVoucherBatch(api, id),
    onSuccess: async (done) => {
      setConfirming(false);
      setNotice({ tone: 'success', text: t('vouchers.batchVoided', { count: done.voidedNow }) });
      await queryClient.invalidateQueries({ queryKey: ['admin', tenant, 'vouchers'] });
    },
    onError: (error) => {
      setConfirming(false);
      setNotice({ tone: 'error', text: errorText(t, error) });
    },
  });
  const columns = useMemo(
    () => [
      redemptionColumn.accessor('redeemedAt', { header: () => t('vouchers.when'), cell: (info) => formatDate(info.getValue(), lang, { dateStyle: 'medium', timeStyle: 'short' }) }),
      redemptionColumn.accessor('customer', {
        header: () => t('vouchers.customer'),
        cell: (info) => (
          <span className="flex flex-col">
            <Ltr>{info.getValue() || t('vouchers.customerGone')}</Ltr>
            <span className="text-xs text-muted">
              <Ltr>{info.row.original.customerId}</Ltr>
            </span>
          </span>
        ),
      }),
      redemptionColumn.accessor('hint', { header: () => t('vouchers.code'), cell: (info) => <Ltr>…-{info.getValue()}</Ltr> }),
    ],
    [t, lang],
  );
  const back = (
    <Link to="/vouchers" className="underline">
      {t('vouchers.back')}
    </Link>
  );
  if (detail.isPending) return <p role="status" className="text-muted">{t('loading')}</p>;
  if (detail.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Notice tone="error">{errorText(t, detail.error)}</Notice>
      </div>
    );
  const { batch, redemptions } = detail.data;
  const unspent = batch.open + batch.expired;
  return (
    <>
      <PageHeader title={t('vouchers.batchTitle', { date: day(batch.createdAt, lang) })} intro={batch.note || undefined} />
      <div className="flex flex-col gap-6" data-batch={batch.id}>
        <p>{back}</p>
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <Section title={t('vouchers.summary')}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <p className="text-sm text-muted">{t('vouchers.grants')}</p>
              <Grants batch={batch} />
            </div>
            <div>
              <p className="text-sm text-muted">{t('vouchers.validity')}</p>
              <p>{`${day(batch.validFrom, lang)} – ${day(batch.validUntil, lang)}`}</p>
            </div>
            <div>
              <p className="text-sm text-muted">{t('vouchers.codes')}</p>
              <Counts batch={batch} />
            </div>
            <div>
              <p className="text-sm text-muted">{t('vouchers.status')}</p>
              <p>
                <BatchStatus batch={batch} />
              </p>
              {batch.voidedAt && (
                <p className="text-sm text-muted">
                  {day(batch.voidedAt, lang)} · <Ltr>{batch.voidedBy ?? ''}</Ltr>
                </p>
              )}
            </div>
          </div>
          <p className="mt-4 text-sm text-muted">
            {t('vouchers.createdBy')} <Ltr>{batch.createdByEmail || batch.createdBy}</Ltr>
          </p>
          {!batch.voidedAt && (
            <div className="mt-4">
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t('vouchers.voidBatch')}
              </Button>
            </div>
          )}
        </Section>
        <Section title={t('vouchers.redemptionsTotal', { count: redemptions.total })}>
          <DataTable
            data={redemptions.items}
            columns={columns}
            getRowId={(row) => row.codeId}
            label={t('vouchers.redemptions')}
            empty={t('vouchers.redemptionsEmpty')}
            serverPages={redemptions.total > redemptions.size ? { page, pages: pageCount(redemptions.total, redemptions.size), onPage: setPage } : undefined}
          />
        </Section>
      </div>
      <ConfirmVoid
        open={confirming}
        title={t('vouchers.voidBatchTitle')}
        text={t('vouchers.voidBatchText', { count: unspent })}
        busy={voidBatch.isPending}
        onConfirm={() => voidBatch.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

export default function VouchersPage() {
  const { t } = useAdminI18n();
  const { batchId } = useParams();
  const [created, setCreated] = useState<VoucherBatchCreated | null>(null);
  if (batchId) return <BatchPage key={batchId} id={batchId} />;
  return (
    <>
      <PageHeader title={t('vouchers.title')} intro={t('vouchers.intro')} />
      <div className="flex flex-col gap-6">
        {created ? (
          <MintedCodes created={created} onDone={() => setCreated(null)} />
        ) : (
          <Section title={t('vouchers.newBatch')}>
            <NewBatchForm onMinted={setCreated} />
          </Section>
        )}
        <Section title={t('vouchers.find')}>
          <FindCode />
        </Section>
        <Section title={t('vouchers.batches')}>
          <BatchList />
        </Section>
      </div>
    </>
  );
}
