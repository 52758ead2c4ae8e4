/** Which placeholder a screen's place shows while its code loads: its layout, not a blank or a spinner. */
export type ScreenSkeletonKind = 'table' | 'project' | 'page';

/** The staff's list screens (the projects table is where staff land after signing in, docs/product.md §C2). */
const TABLE_PATHS = [
  '/projects-table',
  '/users-table',
  '/teams-table',
  '/companies-table',
  '/mail-outbox',
  '/incomplete-registrations',
  '/calls',
];

export function screenSkeletonKind(pathname: string): ScreenSkeletonKind {
  const path = pathname.replace(/\/+$/, '') || '/';
  // '/' redirects straight on to a landing screen: staff land on the projects table.
  if (path === '/' || TABLE_PATHS.includes(path)) return 'table';
  if (path.startsWith('/project/')) return 'project';
  return 'page';
}
