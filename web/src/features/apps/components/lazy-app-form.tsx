/**
 * The register / edit form (app-form.tsx) with its form library, loaded on first use (issue 77 item 6): the
 * register and manage pages' first paint carries neither (the library alone is 12.5 KB). The edit page starts its
 * download beside the app's answer (app-form-loader.ts `preloadAppForm`), so the form is there when the answer is;
 * until the form is there, a block of its height holds its place.
 */
import { Suspense, type ComponentProps } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { loadAppForm } from './app-form-loader';

const Form = lazyPart(() => loadAppForm().then((module) => module.AppForm));

export function LazyAppForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<div aria-busy="true" className="min-h-[48rem]" data-testid="app-form-loading" />}>
      <Form {...props} />
    </Suspense>
  );
}
