/** The frame of the identity dialogs (Radix Dialog): overlay, centred panel, title, close button. */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';

export function DialogFrame({ open, onOpenChange, title, description, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; description: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-0 top-1/2 z-50 mx-auto flex w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 flex-col gap-5 rounded-2xl border border-border bg-surface p-6 text-text shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
              <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <IconButton label={t('auth.close')} className="-me-2 -mt-2 shrink-0">
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
