import { HINT_SCROLL_INTERVAL_MS } from '@dd/domain';
import { Box, Paper, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTour } from './tour-context.tsx';
import { useWelcome } from './welcome-card.tsx';

/**
 * Tour step 2 (docs/product.md §C4): a hint at the attach control. Clicking the hint advances one step.
 * The hint sits in the page's flow just above its target, so it never covers the control, the file
 * list or the link input (docs/product.md §F5). While it shows, it brings its target into view (checked every
 * 300 ms until the target is visible, so the page does not fight a user who scrolls away afterwards),
 * except on the arrival right after sign-up: there the welcome names this step and takes the client to
 * it on request, and the page does not jump by itself.
 */
export function AttachHint({ children }: { children: ReactNode }) {
  const tour = useTour();
  const welcome = useWelcome();
  const target = useRef<HTMLDivElement>(null);
  const opened = tour?.attachHint === true;

  useEffect(() => {
    if (!opened || welcome) return;
    const timer = window.setInterval(() => {
      const box = target.current?.getBoundingClientRect();
      if (!box) return;
      if (box.top >= 0 && box.bottom <= window.innerHeight) window.clearInterval(timer);
      else target.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }, HINT_SCROLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [opened, welcome]);

  return (
    <Box ref={target}>
      {opened && (
        <Paper
          withBorder
          radius="md"
          mb="xs"
          maw={360}
          shadow="xs"
          style={{ borderColor: 'var(--mantine-primary-color-filled)' }}
        >
          <UnstyledButton onClick={() => tour?.advance()} p="sm" w="100%">
            <Text size="sm" fw={600}>
              Attach your documents
            </Text>
            <Text size="xs">
              Add specifications, designs or links so the team can start with everything they need. Click to
              continue.
            </Text>
          </UnstyledButton>
        </Paper>
      )}
      <Box w="fit-content">{children}</Box>
    </Box>
  );
}
