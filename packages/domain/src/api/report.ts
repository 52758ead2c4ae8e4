import { z } from 'zod';
import { resourceSchema } from './jsonapi.ts';

/** GET /api/project/{id}/report (docs/adr/0021-delivery-review-and-report.md), field by field. */

const isoDateTime = z.string();
const hours = z.number().nullable();
const cycleTimeSchema = z.object({ count: z.number().int(), medianHours: hours, p85Hours: hours });

/** One sprint's numbers (nested members are camelCase, as the report computes them). */
export const sprintNumbersSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  started: isoDateTime,
  finished: isoDateTime.nullable(),
  totalHours: z.number(),
  acceptedHours: z.number(),
  acceptedTasks: z.number().int(),
  rejections: z.number().int(),
  rejectionRate: z.number().nullable(),
  startToDelivered: cycleTimeSchema,
  deliveredToDecision: cycleTimeSchema,
  burnUp: z.array(z.object({ at: isoDateTime, hours: z.number() })),
});

export const projectReportResourceSchema = resourceSchema(
  'project-report',
  z.object({
    from: isoDateTime,
    to: isoDateTime,
    summary: z.string(),
    accepted: z.number().int(),
    rejected: z.number().int(),
    'median-decision-days': z.number().nullable(),
    sprints: z.array(sprintNumbersSchema),
    'open-roadblocks': z.number().int(),
    'updates-per-week': z.array(z.object({ week: z.string(), count: z.number().int() })),
    'calls-held': z.number().int(),
  }),
);
export type ProjectReportResource = z.infer<typeof projectReportResourceSchema>;
export const projectReportDocumentSchema = z.object({ data: projectReportResourceSchema });
