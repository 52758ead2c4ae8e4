import { ComingSoon } from '../../../lib/ui/coming-soon.tsx';

/** Coming soon: a later feature replaces this file with the real screen (the route and guard are in place). */
export function CreateProjectPage() {
  return (
    <ComingSoon
      title={'New Project'}
      purpose={'Create a project and staff it: client, account manager, project managers and developers.'}
      plans={[
        'Title, description, state, size, budget and start',
        'Company, techs and project types',
        'Your unsaved draft is kept for 24 hours',
      ]}
    />
  );
}
