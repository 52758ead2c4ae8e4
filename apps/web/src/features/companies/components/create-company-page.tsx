import { ComingSoon } from '../../../lib/ui/coming-soon.tsx';

/** Coming soon: a later feature replaces this file with the real screen (the route and guard are in place). */
export function CreateCompanyPage() {
  return (
    <ComingSoon
      title={'New Company'}
      purpose={'Add a client company.'}
      plans={[
        'Title, industry, type, project funding, size and avatar',
        'Your unsaved draft is kept for 24 hours',
      ]}
    />
  );
}
