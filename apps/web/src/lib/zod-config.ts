import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, after probing whether eval is
// allowed; the app's CSP forbids eval, and Chromium reports the probe itself as a violation even though
// zod catches the refusal. Jitless parsing is the interpreted path; the schemas parse small forms and
// answers, where the difference is not measurable. Imported first by main.tsx, before any schema runs.
z.config({ jitless: true });
