import { ComingSoon } from '../../../lib/ui/coming-soon.tsx';

/** Coming soon: a later feature replaces this file with the real screen (the route and guard are in place). */
export function CreateUserPage() {
  return (
    <ComingSoon
      title={'New User'}
      purpose={'Add a person with a role, contact details, time zone and avatar.'}
      plans={[
        'Team and tech selects for developers, a company for clients, a team for project managers',
        'Your unsaved draft is kept for 24 hours (never the password)',
      ]}
    />
  );
}
