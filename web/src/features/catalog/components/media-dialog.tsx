/**
 * The frame of the catalog's media dialogs (gallery, trailer, game): the dark look of the shared
 * dialog shell, loaded the first time the dialog opens.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { LazyDialogShell } from '@/components/ui/lazy-dialog-shell';

interface MediaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Full screen (games). */
  full?: boolean;
}

export function MediaDialog({ open, onOpenChange, title, children, full = false }: MediaDialogProps) {
  const { t } = useTranslation();
  return (
    <LazyDialogShell open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('catalog.close')} look={full ? 'fullscreen' : 'media'}>
      {children}
    </LazyDialogShell>
  );
}
