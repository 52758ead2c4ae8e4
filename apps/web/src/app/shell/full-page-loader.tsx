import { Center, Loader } from '@mantine/core';

/**
 * The spinner alone, while the app cannot show anything yet (session unknown, stylesheets or route
 * loading). The same markup as index.html's own loading state, styled by that page's inline style: it
 * renders before the app's stylesheets have loaded (docs/adr/0035, docs/adr/0037).
 */
export function FullPageLoader({ label = 'Loading Delivery Desk' }: { label?: string }) {
  return (
    <div className="dd-first-paint" role="status" aria-live="polite">
      <div className="dd-first-paint-spinner" aria-hidden="true" />
      <p className="dd-first-paint-text">{label}…</p>
      {/* Kept, hidden for ten seconds as in index.html: the spinner does not move when React takes over,
          and a load stuck on a stylesheet or the session check still offers the reload. */}
      <p className="dd-first-paint-slow">
        This is taking longer than it should. Check your connection, then <a href="">reload the page</a>.
      </p>
    </div>
  );
}

/** The same, inside the page area below the header, while a lazy screen loads. */
export function RouteLoader() {
  return (
    <Center py={96} role="status" aria-live="polite">
      <Loader size="md" aria-label="Loading page" />
    </Center>
  );
}
