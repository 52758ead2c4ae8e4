import { CAROUSEL_CARD_WIDTHS, projectsStripText } from '@dd/domain';
import { ActionIcon, Anchor, Box, Card, Group, Text, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMyProjects } from '../../features/project-page/api/get-my-projects.ts';
import { ChatUnreadBadge } from '../../features/project-page/components/chat/chat-unread-badge.tsx';
import { useAppConfig } from '../../lib/app-config.ts';
import { useMediaMatch } from '../../lib/use-media-match.ts';
import { ProjectsStripPlaceholder, STRIP_COLLAPSED_KEY } from './projects-strip-placeholder.tsx';

const CREATE_TEXT = 'Create a new project';

// One formatter for every card: building an Intl formatter per call is slow.
const startFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function formatStart(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : startFormat.format(date);
}

/**
 * The cards the carousel shows at this width (`carouselCardsForWidth`'s steps), read while rendering from
 * media queries. Mantine's `useViewportSize` answered 0 first and read `innerWidth` in an effect: every
 * page rendered the strip for a desktop, forced a layout of the whole page in that effect and rendered it
 * again for the phone, one long task after the first paint (docs/adr/0034).
 */
function useCardsPerView(): number {
  const [twoFrom, threeFrom, fourFrom] = CAROUSEL_CARD_WIDTHS;
  const two = useMediaMatch(`(min-width: ${twoFrom}px)`);
  const three = useMediaMatch(`(min-width: ${threeFrom}px)`);
  const four = useMediaMatch(`(min-width: ${fourFrom}px)`);
  return 1 + [two, three, four].filter(Boolean).length;
}

/**
 * The clients' projects strip under the header (docs/product.md §C2, §C9): the count text with a link to the
 * wizard, a collapse toggle, and a carousel of project cards (title, number in {product}, start date)
 * showing 4 cards, 3 below 1281 px, 2 below 991 px and 1 below 700 px.
 */
export function ProjectsStrip() {
  const projects = useMyProjects(true);
  const { productTeamLabel } = useAppConfig();
  const perView = useCardsPerView();
  const [collapsed, setCollapsed] = useLocalStorage({
    key: STRIP_COLLAPSED_KEY,
    defaultValue: false,
  });
  const [first, setFirst] = useState(0);
  // While loading, hold the strip's place; a failed load shows no strip, as before.
  if (!projects.data) return projects.isPending ? <ProjectsStripPlaceholder /> : null;

  const list = projects.data;
  const start = Math.min(first, Math.max(0, list.length - perView));
  const visible = list.slice(start, start + perView);
  const [before, after] = projectsStripText(list.length).split(CREATE_TEXT);

  return (
    <Box component="section" aria-label="Your projects" className="dd-strip">
      <Group justify="space-between" wrap="nowrap" gap="xs" className="dd-strip__bar">
        <Text size="sm">
          {before}
          <Anchor component={Link} to="/get-started" size="sm" underline="always">
            {CREATE_TEXT}
          </Anchor>
          {after}
        </Text>
        {list.length > 0 && (
          <UnstyledButton
            className="dd-strip__toggle"
            aria-expanded={!collapsed}
            aria-controls="dd-strip-cards"
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? 'Show projects' : 'Hide projects'}
          </UnstyledButton>
        )}
      </Group>
      {!collapsed && list.length > 0 && (
        <Group id="dd-strip-cards" wrap="nowrap" gap="xs" align="stretch" className="dd-strip__cards">
          <ActionIcon
            variant="subtle"
            aria-label="Previous projects"
            disabled={start === 0}
            onClick={() => setFirst(Math.max(0, start - perView))}
            className="dd-strip__arrow"
          >
            ‹
          </ActionIcon>
          <Box
            component="ul"
            className="dd-strip__list"
            style={{ gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))` }}
          >
            {visible.map((p) => (
              <li key={p.id}>
                <Card
                  component={Link}
                  to={`/project/daily-updates/${p.id}`}
                  withBorder
                  radius="md"
                  padding="sm"
                  className="dd-strip__card"
                >
                  <Group gap={4} wrap="nowrap" justify="space-between">
                    <Text fw={600} size="sm" truncate>
                      {p.title}
                    </Text>
                    <ChatUnreadBadge projectId={p.id} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {p.teamSize} in {productTeamLabel}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Created {formatStart(p.created)}
                  </Text>
                </Card>
              </li>
            ))}
          </Box>
          <ActionIcon
            variant="subtle"
            aria-label="Next projects"
            disabled={start + perView >= list.length}
            onClick={() => setFirst(start + perView)}
            className="dd-strip__arrow"
          >
            ›
          </ActionIcon>
        </Group>
      )}
    </Box>
  );
}
