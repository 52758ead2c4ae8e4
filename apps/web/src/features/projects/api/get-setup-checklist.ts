import type { Flattened, setupChecklistDocumentSchema } from '@dd/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

type ChecklistRecord = Flattened<z.infer<typeof setupChecklistDocumentSchema>['data']>;

/** GET /api/setup/checklist (admins): what a new install still has to set up. */
export async function getSetupChecklist() {
  const { data } = await api.get<ChecklistRecord>('/setup/checklist', { suppressErrorToast: true });
  return data.items;
}

/** Only for admins (`enabled`): no call the server would refuse. */
export function useSetupChecklist(enabled: boolean) {
  return useQuery({ queryKey: ['setup-checklist'], queryFn: getSetupChecklist, enabled, retry: false });
}
