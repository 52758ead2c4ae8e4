import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadScreen } from './app/router.tsx';
import { SessionGate } from './app/session-gate.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first screen's chunk loads alongside the session check, not after it.
preloadScreen(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <SessionGate>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SessionGate>
    </AppProviders>
  </StrictMode>,
);
