import { can } from '@dd/domain';
import { Suspense, startTransition, useEffect, useState } from 'react';
import { useActor } from '../../auth/api/get-session.ts';
import type { ProjectView } from '../api/get-project.ts';
import { DeliveryReview } from './delivery-review.tsx';
import { DigestToggle } from './digest-toggle.tsx';
import { FirstVisitTour } from './first-visit-tour.tsx';
import { ProjectArea } from './project-area.tsx';
import { ProjectDetails } from './project-details.tsx';
import { ProjectProgress } from './project-progress.tsx';
import { ProjectSpecification } from './project-specification.tsx';
import { ProjectTeam } from './project-team.tsx';
import { ProjectUpdates } from './project-updates.tsx';
import { ATTACH_SECTION_ID, useWelcome, WelcomeCard } from './welcome-card.tsx';
import './daily-updates.css';

/**
 * /project/daily-updates/{id} (docs/product.md §C2, §F5): updates first. The left column holds the
 * Updates heading, the discovery call, the team (for those who do not edit it) and the feed; the right
 * one the progress card, Project Specification and Project Details (as text, with EDIT), and for those
 * who edit the team, its editor first; a client also finds their daily digest switch there. On a phone the columns stack in that order, so a client's first
 * screen shows the updates, the next call and the team. After sign-up a welcome names the next step.
 */
function ProjectPage({ project }: { project: ProjectView }) {
  const actor = useActor();
  const welcome = useWelcome();
  // The updates come first (docs/product.md §F5): the right column (team editor, progress, specification, details
  // with its eight lookups, digest) mounts in a second, interruptible render once the feed is on screen,
  // instead of one long task that held the first update back.
  const [restShown, setRestShown] = useState(false);
  useEffect(() => startTransition(() => setRestShown(true)), []);
  const editsTeam = can(actor, 'project:manage-team', {
    ownerId: project.ownerId,
    clientIds: project.clientIds,
  });
  return (
    <div className="dd-project-grid">
      <div className="dd-project-column">
        {welcome && (
          <WelcomeCard
            projectTitle={project.title}
            hasDocuments={project.files.length > 0 || project.links.length > 0}
          />
        )}
        <DeliveryReview project={project} />
        <ProjectUpdates project={project} aside={editsTeam ? null : <ProjectTeam project={project} />} />
      </div>
      <div className="dd-project-column">
        {restShown && (
          <Suspense fallback={null}>
            {editsTeam && <ProjectTeam project={project} />}
            <ProjectProgress projectId={project.id} />
            <div id={ATTACH_SECTION_ID} style={{ scrollMarginTop: 16 }}>
              <ProjectSpecification project={project} />
            </div>
            <ProjectDetails key={project.id} project={project} />
            {can(actor, 'digest:manage-own') && <DigestToggle />}
          </Suspense>
        )}
      </div>
    </div>
  );
}

export function DailyUpdatesPage() {
  return (
    <ProjectArea>
      {(project) => (
        <FirstVisitTour project={project}>
          <ProjectPage project={project} />
        </FirstVisitTour>
      )}
    </ProjectArea>
  );
}
