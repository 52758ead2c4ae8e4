import { HINT_SCROLL_INTERVAL_MS } from '@dd/domain';
import { Box, Popover, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTour } from './tour-context.tsx';

/**
 * Tour step 2 (client spec §4): a hint beside the attach control. Clicking the hint advances one step.
 * While it shows, it brings its target into view (checked every 300 ms until the target is visible, so
 * the page does not fight a user who scrolls away afterwards).
 */
export function AttachHint({ children }: { children: ReactNode }) {
  const tour = useTour();
  const target = useRef<HTMLDivElement>(null);
  const opened = tour?.attachHint === true;

  useEffect(() => {
    if (!opened) return;
    const timer = window.setInterval(() => {
      const box = target.current?.getBoundingClientRect();
      if (!box) return;
      if (box.top >= 0 && box.bottom <= window.innerHeight) window.clearInterval(timer);
      else target.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }, HINT_SCROLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [opened]);

  return (
    <Popover
      opened={opened}
      position="bottom-start"
      withArrow
      shadow="md"
      withinPortal={false}
      trapFocus={false}
      withRoles={false}
    >
      <Popover.Target>
        <Box ref={target} w="fit-content">
          {children}
        </Box>
      </Popover.Target>
      <Popover.Dropdown maw={300} p={0}>
        <UnstyledButton onClick={() => tour?.advance()} p="sm">
          <Text size="sm" fw={600}>
            Attach your documents
          </Text>
          <Text size="xs">
            Add specifications, designs or links so the team can start with everything they need. Click to
            continue.
          </Text>
        </UnstyledButton>
      </Popover.Dropdown>
    </Popover>
  );
}
