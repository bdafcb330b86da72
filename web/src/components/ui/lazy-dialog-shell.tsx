/**
 * The dialog shell for dialogs that sit on a page (galleries, trailers): its code (Radix) loads the
 * first time the dialog opens (issue 14), and it stays mounted from then on.
 */
import { Suspense, useState, type ComponentProps } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import type { DialogShell as Shell } from './dialog-shell';

const DialogShell = lazyPart(() => import('./dialog-shell').then((module) => module.DialogShell));

export function LazyDialogShell(props: ComponentProps<typeof Shell>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogShell {...props} />
    </Suspense>
  );
}
