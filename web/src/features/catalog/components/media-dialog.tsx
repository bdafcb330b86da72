/** The frame of the catalog's media dialogs (gallery, trailer, game): Radix Dialog, dark, large. */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';

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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          className={`fixed z-50 flex flex-col gap-3 bg-neutral-950 text-white shadow-2xl ${
            full ? 'inset-0 p-2 sm:p-4' : 'inset-x-0 top-1/2 mx-auto w-[calc(100vw-1rem)] max-w-5xl -translate-y-1/2 rounded-2xl p-3 sm:p-5'
          }`}
        >
          <div className="flex items-center justify-between gap-4">
            <Dialog.Title className="truncate text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label={t('catalog.close')} className="shrink-0 text-white hover:bg-white/10">
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
