import { useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** GET /api/setup/checklist (admins): what a new install still has to set up. */
export async function getSetupChecklist() {
  const { data } = await read('GET /api/setup/checklist', { suppressErrorToast: true });
  return data.items;
}

/** Only for admins (`enabled`): no call the server would refuse. */
export function useSetupChecklist(enabled: boolean) {
  return useQuery({ queryKey: ['setup-checklist'], queryFn: getSetupChecklist, enabled, retry: false });
}
