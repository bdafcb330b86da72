/** The frame of the identity dialogs: the light panel look of the shared dialog shell. */
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { DialogShell } from '@/components/ui/dialog-shell';

export function DialogFrame({ open, onOpenChange, title, description, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; description: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title={title} description={description} closeLabel={t('auth.close')}>
      {children}
    </DialogShell>
  );
}
