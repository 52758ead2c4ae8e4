import { SPRINT_STATUS, SPRINT_STATUS_NAMES, type UnfinishedTaskTarget } from '@dd/domain';
import { Badge, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Sprint } from '../api/get-sprints.ts';
import type { BoardTask } from '../api/get-tasks.ts';

type SprintSectionProps = {
  sprint: Sprint;
  active: boolean;
  tasks: BoardTask[];
  busy: boolean;
  onStart: () => void;
  onFinish: (unfinished: UnfinishedTaskTarget) => void;
  children: React.ReactNode;
};

/** One current sprint in the Current Sprint column: its state, START or FINISH, then its tasks. */
export function SprintSection({
  sprint,
  active,
  tasks,
  busy,
  onStart,
  onFinish,
  children,
}: SprintSectionProps) {
  const [finishing, setFinishing] = useState(false);
  const [target, setTarget] = useState<UnfinishedTaskTarget>('next-sprint');
  const unfinished = tasks.filter((t) => t.statusId !== 5).length;
  return (
    <Stack gap={6} mb="sm">
      <Group justify="space-between" gap={4}>
        <Group gap={6}>
          <Text size="sm" fw={700}>
            Sprint #{sprint.number}
          </Text>
          <Badge
            size="xs"
            // Shade 9 filled: white on it reads at 5:1 (light green and teal 7 miss WCAG AA at this size).
            color={sprint.statusId === SPRINT_STATUS.started ? 'teal.9' : 'gray'}
            variant={sprint.statusId === SPRINT_STATUS.started ? 'filled' : 'light'}
          >
            {SPRINT_STATUS_NAMES[sprint.statusId]}
          </Badge>
          {active && (
            <Badge size="xs" variant="outline">
              Active
            </Badge>
          )}
        </Group>
        {sprint.statusId === SPRINT_STATUS.new && (
          <Button
            size="compact-xs"
            onClick={onStart}
            loading={busy}
            aria-label={`Start sprint #${sprint.number}`}
          >
            START SPRINT
          </Button>
        )}
        {sprint.statusId === SPRINT_STATUS.started && (
          <Button
            size="compact-xs"
            color="teal.9"
            onClick={() => setFinishing(true)}
            aria-label={`Finish sprint #${sprint.number}`}
          >
            FINISH SPRINT
          </Button>
        )}
      </Group>
      {children}
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={finishing}
        onClose={() => setFinishing(false)}
        title={`Finish sprint #${sprint.number}`}
        centered
      >
        <Stack>
          <Text size="sm">
            {unfinished === 0
              ? 'Every task of this sprint is accepted; they will show under Done.'
              : `${unfinished} task(s) are not accepted yet. Accepted tasks go to Done; where should the others go?`}
          </Text>
          {unfinished > 0 && (
            <Radio.Group
              value={target}
              onChange={(v) => setTarget(v as UnfinishedTaskTarget)}
              label="Unfinished tasks"
            >
              <Stack gap="xs" mt="xs">
                <Radio value="next-sprint" label="Move them to the next sprint" />
                <Radio value="new-tasks" label="Move them back to New Tasks" />
              </Stack>
            </Radio.Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setFinishing(false)}>
              CANCEL
            </Button>
            <Button
              color="teal.9"
              loading={busy}
              onClick={() => {
                onFinish(target);
                setFinishing(false);
              }}
            >
              FINISH
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
