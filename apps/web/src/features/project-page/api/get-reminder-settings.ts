import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type ReminderSetting = { id: number; projectId: number; userId: number; isEnabled: number };

/** GET /api/reminder-setting/search, never paged (docs/product.md §C7, §C9), narrowed to this project. */
export async function getReminderSettings(projectId: number): Promise<ReminderSetting[]> {
  const { data } = await read('GET /api/reminder-setting/search', {
    params: { page: { size: null }, sort: 'id', filter: [['=', 'project_id', projectId]] },
  });
  return data.map((r) => ({
    id: Number(r.id),
    projectId: r.projectId,
    userId: r.userId,
    isEnabled: r.isEnabled === 1 ? 1 : 0,
  }));
}

export const reminderSettingsQueryKey = (projectId: number) => ['reminder-settings', projectId] as const;

export const reminderSettingsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: reminderSettingsQueryKey(projectId),
    queryFn: () => getReminderSettings(projectId),
  });

export function useReminderSettings(projectId: number, enabled: boolean) {
  return useQuery({ ...reminderSettingsQueryOptions(projectId), enabled });
}
