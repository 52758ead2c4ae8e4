import { useEffect } from 'react';
import { read } from '../../../lib/api-client.ts';

const EVERY_MS = 10_000;

/** POST /api/task/{id}/editing: tells the other open boards who has this task open (presence). */
export async function announceEditing(taskId: number): Promise<void> {
  await read('POST /api/task/{id}/editing', { path: { id: taskId }, suppressErrorToast: true });
}

/** While a task is open for editing, announce it now and every 10 s; failures are not worth a word. */
export function useAnnounceEditing(taskId: number | null) {
  useEffect(() => {
    if (taskId === null) return;
    const announce = () => void announceEditing(taskId).catch(() => {});
    announce();
    const timer = setInterval(announce, EVERY_MS);
    return () => clearInterval(timer);
  }, [taskId]);
}
