import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { deleteAttachment } from '../api/attachments.ts';
import { projectQueryKey } from '../api/get-project.ts';

type Pending = { kind: 'file' | 'link'; id: number; name: string };

/**
 * Deleting a file or a link asks first (docs/product.md §F5): `ask` opens the dialog naming what goes, YES
 * deletes and refreshes the project, CANCEL keeps it. Render `dialog` once in the section.
 */
export function useConfirmedRemove(projectId: number) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await deleteAttachment(projectId, pending.kind, pending.id);
      await queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) });
    } catch {
      // The api client already showed the generic toast.
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      message={pending ? `Delete ${pending.kind === 'file' ? 'the file' : 'the link'} ${pending.name}?` : ''}
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { ask: (kind: Pending['kind'], id: number, name: string) => setPending({ kind, id, name }), dialog };
}
