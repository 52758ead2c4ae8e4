import { formatDateTime } from '@dd/domain';
import { Alert, Button, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { createdColumn } from '../../../lib/ui/list-page.tsx';
import { type Column, listTableProps, PagedTable, useTableUrlState } from '../../../lib/ui/paged-table.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import { MAIL_OUTBOX_SORT_FIELDS, type MailRow, useMailOutbox } from '../api/get-mail-outbox.ts';
import { mailState } from '../mail-state.ts';

const TITLE = 'Mail outbox';
const COLUMNS: Column<MailRow>[] = [
  { key: 'id', header: 'ID', render: (m) => m.id },
  { key: 'to', header: 'To', sortField: 'to', render: (m) => m.to },
  { key: 'subject', header: 'Subject', sortField: 'subject', hideAt: 575, render: (m) => m.subject },
  { key: 'status', header: 'Status', sortField: 'status', hideAt: 768, render: (m) => mailState(m) },
  createdColumn('Created', 991),
];

/**
 * /mail-outbox (admins): every mail the app queued, with its delivery state, attempts and the reason of
 * the last failure; only the text part is ever shown.
 */
export function MailOutboxPage() {
  const table = useTableUrlState({ defaultSort: '-created', sortFields: MAIL_OUTBOX_SORT_FIELDS });
  const query = useMailOutbox({ page: table.page, sort: table.sort });
  const [viewing, setViewing] = useState<MailRow | null>(null);
  return (
    <TitledPage title={TITLE}>
      <PagedTable
        {...listTableProps(TITLE, table, query)}
        columns={COLUMNS}
        emptyText="No mail yet"
        actions={(m) => (
          <Button size="xs" variant="light" aria-label={`View mail ${m.id}`} onClick={() => setViewing(m)}>
            VIEW
          </Button>
        )}
      />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing?.subject} size="lg">
        <Text size="sm" mb="xs">
          {viewing ? mailState(viewing) : ''}
          {viewing?.sent ? ` · sent ${formatDateTime(viewing.sent)}` : ''}
        </Text>
        {viewing?.error ? (
          <Alert color="red" mb="sm" title="Last failure">
            {viewing.error}
          </Alert>
        ) : null}
        {/* Plain text only: the HTML part is never rendered. */}
        <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
          {viewing?.text ?? ''}
        </pre>
      </Modal>
    </TitledPage>
  );
}
