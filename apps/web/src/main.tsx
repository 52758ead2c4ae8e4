import './lib/zod-config.ts';
import { notifyManager } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, Notifications } from './app/providers.tsx';
import { AppRoutes, startFirstScreen } from './app/router.tsx';
import { SessionGate } from './app/session-gate.tsx';
import { notifyInNextFrame } from './lib/frame-notify.ts';
import { settled } from './lib/lazy-component.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The global stylesheets first (their order in the page is the order they are asked for), then the session
// check, the first screen's chunk and its data, all side by side (router.tsx). The app renders once the
// stylesheets are in; until then the page shows its own loading state (docs/adr/0037).
const styles = import('./app/styles.ts');
const queryClient = createQueryClient();
// Answers that arrive within a frame render together, in that frame (docs/adr/0041).
notifyManager.setScheduler(notifyInNextFrame());
const firstScreenCode = Promise.all([
  styles,
  startFirstScreen(queryClient, window.location.pathname),
  settled(Notifications),
]);

// index.html already shows the loading state (ADR 0035), so React's first render need not be urgent: as a
// transition it renders in slices of a few ms instead of one long task, and commits when done (ADR 0036).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <SessionGate firstScreenCode={firstScreenCode}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SessionGate>
      </AppProviders>
    </StrictMode>,
  ),
);
