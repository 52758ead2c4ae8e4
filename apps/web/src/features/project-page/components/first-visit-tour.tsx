import { can, TOUR_CHAT_ADVANCE_MS, TOUR_DONE_STEP } from '@dd/domain';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { setLiveChatOpen } from '../../../lib/live-chat-state.ts';
import { useActor } from '../../auth/api/get-session.ts';
import type { ProjectView } from '../api/get-project.ts';
import { type TourState, useTourState } from '../api/get-tour-state.ts';
import { useSaveTourState } from '../api/save-tour-state.ts';
import { type Tour, TourContext } from './tour-context.tsx';

// The booking modal (another part of the page) loads only when the tour or the prompt opens it.
const ScheduleCallModal = lazy(async () => ({
  default: (await import('./schedule-call/schedule-call-modal.tsx')).ScheduleCallModal,
}));

/** A cookie flag that hides the tour's schedule-call step (docs/product.md §C4), e.g. set by a campaign page. */
export const HIDE_SCHEDULE_COOKIE = 'dd_hide_schedule_call';

function hasCookie(name: string): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * The first-visit tour (docs/product.md §C4) for the owning client, with its state kept on the server per
 * user and project: step 1 the schedule-call modal (closing it moves to step 2), step 2 the
 * attach-documents hint (opening the attach control then closing it, or clicking the hint, moves to
 * step 3), step 3 opens the live chat (mounted by the shell) and finishes after two seconds.
 */
export function FirstVisitTour({ project, children }: { project: ProjectView; children: ReactNode }) {
  const actor = useActor();
  const enabled = can(actor, 'project:tour', { ownerId: project.ownerId, clientIds: project.clientIds });
  const state = useTourState(project.id, enabled);
  const save = useSaveTourState(project.id);
  const tour = enabled && state.data && state.data.step < TOUR_DONE_STEP ? state.data : null;

  // Handlers read the newest state (a timer may fire after several changes).
  const latest = useRef<TourState | null>(tour);
  latest.current = tour;
  const saveRef = useRef(save.mutate);
  saveRef.current = save.mutate;
  const update = useMemo(
    () => (patch: Partial<TourState>) => {
      const current = latest.current;
      if (current) saveRef.current({ ...current, ...patch });
    },
    [],
  );

  const step = tour?.step ?? null;
  const scheduleStep = step === 1 && tour !== null && !tour.visited;
  const scheduleHidden = scheduleStep && hasCookie(HIDE_SCHEDULE_COOKIE);
  useEffect(() => {
    if (scheduleHidden) update({ step: 2, visited: true });
  }, [scheduleHidden, update]);

  // Step 3: the chat opens by itself, and the tour ends two seconds later.
  useEffect(() => {
    if (step !== 3) return;
    setLiveChatOpen(true);
    const timer = window.setTimeout(
      () => update({ step: TOUR_DONE_STEP, openModal: false }),
      TOUR_CHAT_ADVANCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [step, update]);

  const context = useMemo<Tour | null>(
    () =>
      step === null
        ? null
        : {
            step,
            attachHint: step === 2,
            advance: () =>
              update({ step: (latest.current?.step ?? step) + 1, visited: true, openModal: false }),
            attachOpened: () => {
              if (latest.current?.step === 2) update({ openModal: true });
            },
            attachClosed: () => {
              if (latest.current?.step === 2 && latest.current.openModal)
                update({ step: 3, openModal: false });
            },
          },
    [step, update],
  );

  return (
    <TourContext.Provider value={context}>
      {children}
      {scheduleStep && !scheduleHidden && (
        <Suspense fallback={null}>
          <ScheduleCallModal
            projectId={project.id}
            opened
            onClose={() => update({ step: 2, visited: true })}
          />
        </Suspense>
      )}
    </TourContext.Provider>
  );
}
