import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The brand mark: the same shape as the favicon. Decorative; the word mark names the product. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path d="M9 8h7.5a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="16.5" cy="16" r="2.5" fill="#9fe3c5" />
    </svg>
  );
}

/** Text logo "Delivery Desk" with its mark, linking home (its text is the link's name). */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Anchor component={Link} to={to} underline="never" c="gray.9" style={{ borderRadius: 6 }}>
      <Group component="span" gap={10} wrap="nowrap">
        <LogoMark />
        <Text component="span" fw={800} size="lg" c="gray.9" style={{ letterSpacing: '-0.01em' }}>
          Delivery Desk
        </Text>
      </Group>
    </Anchor>
  );
}
