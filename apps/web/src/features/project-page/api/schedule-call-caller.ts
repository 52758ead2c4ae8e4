import { isValidTimezone } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** What the booking modal needs about the caller: their timezone and whether their phone is blacklisted. */
export type ScheduleCallCaller = { timezone: string; isPhonePrefixInBlacklist: boolean };

/** The browser's timezone, for users without a stored one. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** GET /api/user/{id} (docs/product.md §C7): the stored timezone (else the browser's) and the blacklist flag. */
export async function getScheduleCallCaller(userId: number): Promise<ScheduleCallCaller> {
  const { data } = await read('GET /api/user/{id}', { path: { id: userId } });
  const stored = data.timezone ?? '';
  return {
    timezone: stored && isValidTimezone(stored) ? stored : browserTimezone(),
    isPhonePrefixInBlacklist: data.isPhonePrefixInBlacklist === true,
  };
}

export const scheduleCallCallerQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['schedule-call-caller', userId] as const,
    queryFn: () => getScheduleCallCaller(userId),
    staleTime: 5 * 60_000,
  });

export function useScheduleCallCaller(userId: number | null) {
  return useQuery({ ...scheduleCallCallerQueryOptions(userId ?? 0), enabled: userId !== null });
}
