import { Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PerformanceReport } from './performance-report/report-page.tsx';
import { ProjectArea } from './project-area.tsx';

// The Git tab's screen, loaded when that tab opens.
const GitSection = lazy(async () => ({
  default: (await import('../../git/components/git-section.tsx')).GitSection,
}));

const SECTION_TITLES: Record<string, string> = {
  'perfomance-report': 'Performance report',
  chat: 'Chat',
  git: 'Git',
};

/**
 * The shared project screen for /project/perfomance-report, /chat, /git and any other /project/ path
 * (docs/product.md §C2): the project title and tabs; docs/product.md does not describe these sections' content.
 */
export function ProjectSectionPage() {
  const section = useLocation().pathname.split('/')[2] ?? '';
  if (section === 'perfomance-report')
    return <ProjectArea>{(project) => <PerformanceReport project={project} />}</ProjectArea>;
  return (
    <ProjectArea>
      {(project) =>
        section === 'git' ? (
          <Suspense fallback={null}>
            <GitSection
              project={{
                id: project.id,
                ownerId: project.ownerId,
                clientIds: project.clientIds,
                managerIds: project.projectManagers.map((p) => p.id),
              }}
            />
          </Suspense>
        ) : (
          <Paper withBorder p="lg" radius="md">
            <Text fw={600}>{SECTION_TITLES[section] ?? 'Project'}</Text>
            <Text c="dimmed" size="sm">
              This section is not available yet. Daily updates hold everything about your project today.
            </Text>
          </Paper>
        )
      }
    </ProjectArea>
  );
}
