import { useSession } from '../../auth/api/get-session.ts';
import { browserTimezone, useScheduleCallCaller } from '../../project-page/api/schedule-call-caller.ts';

/**
 * The zone staff read call times in (docs/product.md §F1): the signed-in viewer's profile zone, else the
 * browser's. The Calls screen and the Approve page both use it, so one call reads the same on both.
 */
export function useViewerZone(): string {
  const session = useSession();
  const caller = useScheduleCallCaller(session?.id ?? null);
  return caller.data?.timezone ?? browserTimezone();
}
