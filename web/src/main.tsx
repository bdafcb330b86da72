import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { prepareFormatters } from '@/lib/formatters';
import { yieldToMain } from '@/lib/yield';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { initializeApp, loadStartup } from './app/startup';
import './index.css';

/**
 * Start-up in steps with a yield between them (reading the payload, i18n and stores, a details
 * page's formatters, the route table, the first render), and the first render as a transition,
 * which React renders in slices: a slow phone never sits in one long task before the first paint
 * (issue 14).
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

async function mount(): Promise<void> {
  try {
    await yieldToMain();
    const startup = await loadStartup();
    await yieldToMain();
    const app = await initializeApp(startup);
    await yieldToMain();
    if (startup.pageData && 'article' in startup.pageData) {
      // A details page shows a price and a date in its first render.
      prepareFormatters(startup.lang);
      await yieldToMain();
    }
    const router = createAppRouter();
    // The first commit replaces the server's picture of the first viewport (#root's children):
    // it waits for the page's module and loaders, so the picture never gives way to a blank root.
    await routerReady(router);
    const container = document.getElementById('root');
    if (!container) throw new Error('No #root element');
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

void mount();
