// The app's global stylesheets: Mantine's, then the shell's own (plain CSS with dd- class names). The
// entry imports this module dynamically, so they load as a stylesheet the entry script adds instead of a
// <link> in index.html that holds back the page's first paint: the page paints its loading state from
// its own inline style (docs/adr/0035) as soon as the HTML is in, and the app renders once these have
// loaded (main.tsx; docs/adr/0037-stylesheets-that-do-not-block.md). index.html still preloads the file
// (dd-style-preload in vite.config.ts), so it downloads alongside the scripts as before. Their order here is
// their order in the page: a screen's own stylesheet comes after them and wins ties with Mantine's.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './shell/shell.css';
