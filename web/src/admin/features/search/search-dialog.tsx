/**
 * The console's one search (issue 78 item 4): a command dialog (cmdk) that lists, grouped by kind, the console's pages
 * whose translated names match (found here) and what the server finds (GET /backend/admin/search, debounced), only
 * what the member's role may open; Enter or a click opens the hit's page. Loaded on the first open (search-launcher).
 */
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Ltr } from '@/components/ui/ltr-text';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { MAX_QUERY, searchOptions } from './search-api';
import { formatPrice } from '@/lib/formatters';
import { contentTypeName } from '@/admin/lib/content-names';
import { isRole } from '@/admin/lib/roles';
import { groupHits, hitDetail, pageHits, type DetailWords, type Hit } from './search-model';

const DEBOUNCE_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** E-mails, numbers, ids and codes read left to right inside Arabic text; titles and names are the language's. */
function isolated(hit: Hit): boolean {
  return hit.kind === 'customer' || hit.kind === 'voucher' || hit.kind === 'payment' || hit.kind === 'order' || hit.kind === 'staff';
}

export default function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { me, tenant, api } = useConsole();
  const { t, lang } = useAdminI18n();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), DEBOUNCE_MS);
  const tooLong = typed.trim().length > MAX_QUERY;
  const found = useQuery(searchOptions(api, tenant, tooLong ? '' : q, lang));
  const pages = pageHits(me.role, typed, (page) => t(`nav.${page}`));
  const groups = groupHits(me.role, pages, q === typed.trim() && found.data ? found.data.hits : []);
  const searching = typed.trim() !== '' && !tooLong && (q !== typed.trim() || found.isFetching);
  const say: DetailWords = {
    contentType: (code) => contentTypeName(code, t),
    role: (code) => (isRole(code) ? t(`roles.${code}`) : code),
    money: (minor, currency) => formatPrice(minor, currency, lang),
    codes: (count) => t('search.codes', { count }),
  };

  const go = (path: string) => {
    onOpenChange(false);
    setTyped('');
    void navigate(path);
  };

  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label={t('search.label')}
      shouldFilter={false}
      loop
      overlayClassName="fixed inset-0 z-40 bg-black/50"
      contentClassName="fixed inset-x-2 top-[10vh] z-50 mx-auto max-w-2xl overflow-hidden rounded-2xl border border-border bg-bg text-text shadow-xl"
    >
      <Command.Input
        value={typed}
        onValueChange={setTyped}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        className="h-14 w-full border-b border-border bg-bg px-4 text-base text-text outline-none placeholder:text-muted"
      />
      <Command.List label={t('search.results')} className="max-h-[60vh] overflow-y-auto p-2">
        {tooLong && <p role="alert" className="p-3 text-sm text-danger">{t('search.tooLong', { count: MAX_QUERY })}</p>}
        {found.isError && !tooLong && <p role="alert" className="p-3 text-sm text-danger">{t('search.failed')}</p>}
        {searching && (
          <Command.Loading label={t('search.searching')}>
            <p className="p-3 text-sm text-muted">{t('search.searching')}</p>
          </Command.Loading>
        )}
        {!searching && !tooLong && <Command.Empty className="p-3 text-sm text-muted">{t('search.empty')}</Command.Empty>}
        {groups.map((group) => (
          <Command.Group key={group.kind} heading={t(`search.kinds.${group.kind}`)} className="mb-2 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-bold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:text-muted">
            {group.hits.map((hit) => (
              <Command.Item
                key={`${hit.kind}:${hit.id}`}
                value={`${hit.kind}:${hit.id}`}
                onSelect={() => go(hit.path)}
                className="flex min-h-11 cursor-pointer flex-col justify-center rounded-xl px-3 py-2 data-[selected=true]:bg-primary data-[selected=true]:text-primary-contrast"
              >
                <span className="font-semibold wrap-anywhere">{isolated(hit) ? <Ltr>{hit.title}</Ltr> : hit.title}</span>
                {hit.kind !== 'page' && hitDetail(hit, say) !== '' && (
                  <span className="text-sm opacity-80 wrap-anywhere">
                    {hit.kind === 'article' || hit.kind === 'staff' ? hitDetail(hit, say) : <Ltr>{hitDetail(hit, say)}</Ltr>}
                  </span>
                )}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command.Dialog>
  );
}
