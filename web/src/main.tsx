import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { initializeApp, loadStartup } from './app/startup';
import './index.css';

async function mount(): Promise<void> {
  try {
    const app = await initializeApp(await loadStartup());
    const container = document.getElementById('root');
    if (!container) throw new Error('No #root element');
    createRoot(container).render(
      <StrictMode>
        <App app={app} router={createAppRouter()} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Error while mounting app:', error);
    throw error;
  }
}

void mount();
