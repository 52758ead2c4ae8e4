import { z } from 'zod';
import { documentSchema } from './jsonapi.ts';
import { userResourceSchema } from './project.ts';

/**
 * Project observers (docs/product.md §A8: an invitation to a registered e-mail adds that person to the project
 * as an observer). An observer is agency staff who follows a project without being on its team.
 */

/** POST /api/project/{id}/observer: the person, 201 when added, 200 when already an observer. */
export const observerDocumentSchema = documentSchema(userResourceSchema);

/** GET /api/project/{id}/observer: the project's observers, in the order they were added. */
export const observerListDocumentSchema = z.object({
  data: z.array(userResourceSchema),
  meta: z.object({ count: z.number().int() }),
});

/** Why a person cannot be added as an observer: the server's titles, pointing at the e-mail. */
export const OBSERVER_ERRORS = {
  unknownEmail: 'No user with this email is registered',
  deactivated: 'This user is deactivated',
  client: 'A client account cannot be an observer',
  alreadyMember: 'This user is already on the project',
} as const;
