import { Grid, Stack } from '@mantine/core';
import { FirstVisitTour } from './first-visit-tour.tsx';
import { ProjectArea } from './project-area.tsx';
import { ProjectDetailsForm } from './project-details-form.tsx';
import { ProjectSpecification } from './project-specification.tsx';
import { ProjectTeam } from './project-team.tsx';
import { ProjectUpdates } from './project-updates.tsx';

/**
 * /project/daily-updates/{id} (client spec §2): left column Project Details, Your {product} and
 * Project Specification; right column Updates. On a phone the columns stack. The owning client's
 * first-visit tour and the clients' live chat wrap the page.
 */
export function DailyUpdatesPage() {
  return (
    <ProjectArea>
      {(project) => (
        <FirstVisitTour project={project}>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                <ProjectDetailsForm key={`${project.id}`} project={project} />
                <ProjectTeam project={project} />
                <ProjectSpecification project={project} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ProjectUpdates project={project} />
            </Grid.Col>
          </Grid>
        </FirstVisitTour>
      )}
    </ProjectArea>
  );
}
