/**
 * The console header's search button and the Ctrl-K / ⌘-K shortcut that open the one search (search-dialog.tsx), whose
 * code (and cmdk's) loads on the first open, so the console's entry does not grow with it.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { isSearchShortcut } from './search-model';

const SearchDialog = lazy(() => import('./search-dialog'));

export function SearchLauncher() {
  const { t } = useAdminI18n();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      setLoaded(true);
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button
        variant="secondary"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <span aria-hidden="true">⌕</span> {t('search.button')} <kbd className="hidden rounded border border-border px-1 text-xs md:inline" aria-hidden="true">Ctrl K</kbd>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
