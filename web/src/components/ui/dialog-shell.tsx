/**
 * The one dialog frame (Radix Dialog): overlay, panel, title, optional description, close button.
 * `panel` is the light, narrow look of forms and choices; `media` the dark, wide look of galleries
 * and trailers; `fullscreen` the dark look that fills the window (games).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, type ReactNode } from 'react';
import { IconButton } from './button';
import { CloseIcon } from './icons';

export type DialogLook = 'panel' | 'media' | 'fullscreen';

interface DialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  closeLabel: string;
  look?: DialogLook;
  children: ReactNode;
}

const OVERLAY: Record<DialogLook, string> = {
  panel: 'bg-black/60',
  media: 'bg-black/80',
  fullscreen: 'bg-black/80',
};

const CONTENT: Record<DialogLook, string> = {
  panel:
    'inset-x-0 top-1/2 mx-auto w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 gap-5 rounded-2xl border border-border bg-surface p-6 text-text',
  media: 'inset-x-0 top-1/2 mx-auto w-[calc(100vw-1rem)] max-w-5xl -translate-y-1/2 gap-3 rounded-2xl bg-neutral-950 p-3 text-white sm:p-5',
  fullscreen: 'inset-0 gap-3 bg-neutral-950 p-2 text-white sm:p-4',
};

/**
 * The last element focused outside any dialog: the opener of a dialog opened by code. Radix returns
 * focus to what was focused when the dialog mounted, which is the body when the opener was disabled
 * meanwhile (a busy button) or the dialog opens after a call: closing then dropped keyboard focus to
 * the body (issue 30).
 */
let lastFocusedOutside: HTMLElement | null = null;
if (typeof document !== 'undefined')
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.body && !target.closest('[role=dialog],[role=alertdialog]')) lastFocusedOutside = target;
    },
    true,
  );

export function DialogShell({ open, onOpenChange, title, description, closeLabel, look = 'panel', children }: DialogShellProps) {
  const dark = look !== 'panel';
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // Radix returns focus to what was focused at opening; only when that was nothing (the body) the opener steps in.
    if (!open) return;
    const active = document.activeElement;
    opener.current = !active || active === document.body ? lastFocusedOutside : null;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 z-40 backdrop-blur-sm ${OVERLAY[look]}`} />
        <Dialog.Content
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          className={`fixed z-50 flex flex-col shadow-2xl ${CONTENT[look]}`}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className={`flex justify-between gap-4 ${dark ? 'items-center' : 'items-start'}`}>
            <div className="flex min-w-0 flex-col gap-1">
              <Dialog.Title className={dark ? 'truncate text-lg font-bold' : 'text-xl font-bold'}>{title}</Dialog.Title>
              {description !== undefined && <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description>}
            </div>
            <Dialog.Close asChild>
              <IconButton label={closeLabel} className={dark ? 'shrink-0 text-white hover:bg-white/10' : '-me-2 -mt-2 shrink-0'}>
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
