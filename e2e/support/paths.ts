import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, so the harness works from any working directory. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where failing journeys leave screenshots (gitignored). */
export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');
