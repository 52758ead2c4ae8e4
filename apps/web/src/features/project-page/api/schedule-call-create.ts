import { MESSAGES, scheduleFailureOutcome } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, read, toDocument } from '../../../lib/api-client.ts';
import { availableSlotsQueryKey } from './get-available-slots.ts';
import { myScheduledCallsQueryKey } from './schedule-call-my-calls.ts';

export type ScheduleCallInput = { projectId: number; scheduled: string; timezone: string };

/**
 * What the modal does after a booking attempt (docs/product.md §C8): 'booked' (shown as success), 'slot-taken'
 * (choose another time) or 'failed' (the generic toast; `detail` is the server's reason, if any).
 */
export type ScheduleCallResult =
  | { kind: 'booked'; toast: string }
  | { kind: 'slot-taken'; toast: string }
  | { kind: 'failed'; toast: string; detail: string | null };

/** POST /api/scheduled-call/create (docs/product.md §C7): type scheduled-call, project_id and scheduled. */
export async function scheduleCall(input: ScheduleCallInput): Promise<ScheduleCallResult> {
  try {
    await read('POST /api/scheduled-call/create', {
      body: toDocument('scheduled-call', {
        project_id: input.projectId,
        scheduled: input.scheduled,
        timezone: input.timezone,
      }),
      suppressErrorToast: true,
    });
    return { kind: 'booked', toast: MESSAGES.callScheduled };
  } catch (error) {
    const status = isApiError(error) ? error.status : 0;
    const title = isApiError(error) ? error.firstError?.title : undefined;
    const outcome = scheduleFailureOutcome(status, isApiError(error) ? error.firstError?.code : undefined);
    if (outcome.kind === 'success') return { kind: 'booked', toast: outcome.toast };
    if (outcome.kind === 'slot-taken') return { kind: 'slot-taken', toast: outcome.toast };
    return { kind: 'failed', toast: outcome.toast, detail: status === 422 ? (title ?? null) : null };
  }
}

export function useScheduleCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleCall,
    onSettled: (_, __, input) => {
      void queryClient.invalidateQueries({ queryKey: availableSlotsQueryKey(input.timezone) });
      void queryClient.invalidateQueries({ queryKey: myScheduledCallsQueryKey(input.projectId) });
    },
  });
}
