import type { incompleteRegistrations } from '../../db/schema/index.ts';
import type { Resource } from '../../lib/jsonapi/document.ts';

type Row = typeof incompleteRegistrations.$inferSelect;

/** Every field sent to the sales follow-up list; there is no password to leak, it is never stored. */
export function presentIncompleteRegistration(row: Row): Resource {
  return {
    type: 'incomplete-registration',
    id: String(row.id),
    attributes: {
      step: row.step,
      'user-email': row.userEmail,
      'user-name': row.userName,
      'user-phone': row.userPhone,
      'user-timezone': row.userTimezone,
      'user-role': row.userRole,
      'project-title': row.projectTitle,
      'project-description': row.projectDescription,
      'project-tech': row.projectTech,
      'project-budget': row.projectBudget,
      'project-type': row.projectType,
      'project-start': row.projectStart,
      'company-name': row.companyName,
      'company-size': row.companySize,
      created: row.createdAt.toISOString(),
    },
  };
}
