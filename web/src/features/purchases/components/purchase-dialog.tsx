/** The frame of the purchase dialogs: the shared dialog shell, opened by name through the dialog manager. */
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { DialogShell } from '@/components/ui/dialog-shell';
import { useDialog, type DialogName } from '@/lib/dialogs';

interface Props {
  name: DialogName;
  title: string;
  description?: string;
  children: ReactNode;
}

export function PurchaseDialog({ name, title, description, children }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog(name);
  return (
    <DialogShell open={open} onOpenChange={setOpen} title={title} description={description} closeLabel={t('purchases.close')}>
      <div data-dialog={name} className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
        {children}
      </div>
    </DialogShell>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2">{children}</div>;
}
