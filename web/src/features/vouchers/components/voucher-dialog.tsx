/** The frame of the voucher dialogs, opened by name through the dialog manager. */
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { DialogShell } from '@/components/ui/dialog-shell';
import { useDialog, type DialogName } from '@/lib/dialogs';

export function VoucherDialog({ name, title, description, children }: { name: DialogName; title: string; description?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog(name);
  return (
    <DialogShell open={open} onOpenChange={setOpen} title={title} description={description} closeLabel={t('vouchers.close')}>
      <div data-dialog={name} className="flex flex-col gap-4">
        {children}
      </div>
    </DialogShell>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2">{children}</div>;
}
