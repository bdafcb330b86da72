/** The frame of the subscription dialogs: the shared dialog shell with the panel look. */
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { DialogShell } from '@/components/ui/dialog-shell';
import { useDialog, type DialogName } from '@/lib/dialogs';

interface Props {
  name: DialogName;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
  onClosed?: () => void;
}

export function SubscriptionDialog({ name, title, description, children, wide = false, onClosed }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog(name);
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClosed?.();
      }}
      title={title}
      description={description}
      closeLabel={t('subscription.close')}
    >
      <div data-dialog={name} className={`flex flex-col gap-4 ${wide ? 'max-h-[70vh] overflow-y-auto' : ''}`}>
        {children}
      </div>
    </DialogShell>
  );
}

/** Dialog action row: buttons at the end, wrapping on narrow screens. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2">{children}</div>;
}
