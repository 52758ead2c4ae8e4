import { projectsStripText } from '@dd/domain';
import { Box, Group, Text } from '@mantine/core';

/** The strip's collapsed flag, as useLocalStorage in projects-strip.tsx stores it (JSON `true`). */
export const STRIP_COLLAPSED_KEY = 'dd-projects-strip-collapsed';

// The strip's own background and border show; its words and card take their room unseen.
const HIDDEN = { visibility: 'hidden' } as const;

function storedCollapsed(): boolean {
  try {
    return window.localStorage.getItem(STRIP_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The strip's place while its code and the client's projects load: the same bar (its usual words, so it
 * wraps as the real one on a phone) and one card row, invisible and hidden from assistive technology,
 * so the page below does not jump down when the strip arrives (Lighthouse layout shift, docs/product.md §D8).
 */
export function ProjectsStripPlaceholder() {
  return (
    <Box className="dd-strip" aria-hidden="true" data-testid="projects-strip-placeholder">
      <Group justify="space-between" wrap="nowrap" gap="xs" className="dd-strip__bar" style={HIDDEN}>
        <Text size="sm">{projectsStripText(1)}</Text>
        <span className="dd-strip__toggle">Hide projects</span>
      </Group>
      {!storedCollapsed() && (
        <Group wrap="nowrap" className="dd-strip__cards" style={HIDDEN}>
          <div className="dd-strip__card dd-strip__card--placeholder">
            <Text size="sm" fw={600}>
              &nbsp;
            </Text>
            <Text size="xs">&nbsp;</Text>
            <Text size="xs">&nbsp;</Text>
          </div>
        </Group>
      )}
    </Box>
  );
}
