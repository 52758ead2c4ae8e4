import { ComingSoon } from '../../../lib/ui/coming-soon.tsx';

/** Coming soon: a later feature replaces this file with the real screen (the route and guard are in place). */
export function EditUserPage() {
  return (
    <ComingSoon
      title={'User'}
      purpose={"Edit one person's role, contact details, time zone and avatar."}
      plans={[
        'Role-dependent extras: company for clients, team and tech expertise for developers',
        'CANCEL goes back, SAVE stores the changes',
      ]}
    />
  );
}
