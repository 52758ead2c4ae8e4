import { ComingSoon } from '../../../lib/ui/coming-soon.tsx';

/** Coming soon: a later feature replaces this file with the real screen (the route and guard are in place). */
export function CreateTeamPage() {
  return (
    <ComingSoon
      title={'New Team'}
      purpose={'Create a delivery team with its punch line, avatar and project manager.'}
      plans={['Title, punch line, avatar and project manager', 'Your unsaved draft is kept for 24 hours']}
    />
  );
}
