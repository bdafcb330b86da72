/**
 * A dialog of a page whose whole code, not only its Radix shell (lazy-dialog-shell.tsx), loads the
 * first time it opens, and stays mounted from then on (issue 52: a details page carries no dialog's
 * code in its first load). `preload` starts the download ahead, e.g. when the pointer reaches the
 * button that opens it, so that the dialog does not wait for two files in a row.
 */
import { Suspense, useState, type ComponentType } from 'react';
import { useDialog, type DialogName } from '@/lib/dialogs';
import { lazyPart } from '@/lib/lazy-part';

export interface LazyNamedDialog<P extends object = object> {
  /** Renders nothing until the dialog `name` first opens; the dialog's component, given these props, from then on. */
  Dialog: (props: P) => React.JSX.Element | null;
  preload: () => void;
}

export function lazyNamedDialog<P extends object = object>(name: DialogName, load: () => Promise<ComponentType<P>>): LazyNamedDialog<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const Loaded = lazyPart(start);
  function Dialog(props: P) {
    const [open] = useDialog(name);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return {
    Dialog,
    preload: () => {
      void start().catch(() => undefined);
      void import('./dialog-shell');
    },
  };
}
