import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { rememberShownImages } from '@/components/ui/loaded-images';
import { App } from './app';
import { createAppRouter } from './router';
import { initializeApp, loadStartup } from './startup';

/**
 * The app's start (src/main.tsx loads this module once the libraries are in): steps with a yield
 * between them (reading the payload, i18n and stores, the route table, the first render), and the
 * first render as a transition, which React renders in slices: a slow phone never sits in one long
 * task (issue 14).
 */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export async function start(yieldToMain: () => Promise<void>): Promise<void> {
  try {
    const startup = await loadStartup();
    await yieldToMain();
    const app = await initializeApp(startup);
    await yieldToMain();
    const router = createAppRouter();
    // The first commit replaces the server's picture of the first viewport (#root's children):
    // it waits for the page's module and loaders, so the picture never gives way to a blank root.
    await routerReady(router);
    const container = document.getElementById('root');
    if (!container) throw new Error('No #root element');
    rememberShownImages(container);
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App app={app} router={router} />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error('Error while mounting app:', error);
    throw error;
  }
}
