import { idField, projectReportDocumentSchema, reportCsv } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { cachedReport } from '../../modules/deliveries/report-cache.ts';
import { loadReport } from '../../modules/deliveries/report-data.ts';
import { loadProjectRef, projectRefVersionRead } from '../../modules/projects/load-project.ts';

const DAY = 24 * 60 * 60 * 1000;
/** The default period: the last 90 days (docs/adr/0021). The longest: about three years. */
export const REPORT_DEFAULT_DAYS = 90;
const REPORT_MAX_DAYS = 1100;
const dateParam = z.iso.date().or(z.iso.datetime({ offset: true }));
const reportQuery = z.object({
  from: dateParam.optional(),
  to: dateParam.optional(),
  format: z.enum(['json', 'csv']).optional(),
});

/** from/to: a date is its whole UTC day (to includes the day it names). */
function periodOf(query: z.infer<typeof reportQuery>, now: Date) {
  const dayEnd = (d: string) => (d.length === 10 ? new Date(Date.parse(d) + DAY - 1) : new Date(d));
  const to = query.to ? dayEnd(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - REPORT_DEFAULT_DAYS * DAY);
  if (from > to)
    throw new AppError('bad_request', { title: 'The period must start before it ends', parameter: 'from' });
  if (to.getTime() - from.getTime() > REPORT_MAX_DAYS * DAY)
    throw new AppError('bad_request', {
      title: `The period can be at most ${REPORT_MAX_DAYS} days`,
      parameter: 'from',
    });
  return { from, to, now };
}

/**
 * The performance report (docs/adr/0021-delivery-review-and-report.md): the numbers as JSON, or the
 * per-sprint table as CSV (`Accept: text/csv` or `?format=csv`), for the project's clients and staff.
 */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/:id/report',
    {
      schema: {
        tags: ['project'],
        summary:
          'Performance report for a period (from, to: dates; default the last 90 days); ?format=csv or Accept: text/csv gives the per-sprint table as CSV',
        params: z.object({ id: idField }),
        querystring: reportQuery,
        response: { 200: projectReportDocumentSchema },
      },
      // The report's version comes with the session too (docs/adr/0032): a kept report costs one statement.
      config: {
        sessionRead: projectRefVersionRead,
        alsoAnswers: {
          200: {
            'text/csv': { description: 'The per-sprint table as CSV (?format=csv or Accept: text/csv)' },
          },
        },
      },
    },
    async (request, reply) => {
      const ref = await loadProjectRef(app.db, request.params.id, request.sessionRead);
      app.authorize(request, 'project:report', ref);
      const period = periodOf(request.query, app.config.now());
      const report = await cachedReport(
        app.db,
        {
          projectId: ref.id,
          from: request.query.from ?? 'default',
          to: request.query.to ?? 'now',
          now: period.now,
          version: ref.version,
        },
        () => loadReport(app.db, ref.id, period),
      );
      const csv =
        request.query.format === 'csv' ||
        (!request.query.format && /text\/csv/.test(request.headers.accept ?? ''));
      if (csv) {
        const name = `report-${ref.id}-${period.from.toISOString().slice(0, 10)}-${period.to.toISOString().slice(0, 10)}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(reportCsv(report) as never);
      }
      const { medianDecisionDays, openRoadblocks, updatesPerWeek, callsHeld, ...rest } = report;
      return {
        data: {
          type: 'project-report' as const,
          id: String(ref.id),
          attributes: {
            ...rest,
            'median-decision-days': medianDecisionDays,
            'open-roadblocks': openRoadblocks,
            'updates-per-week': updatesPerWeek,
            'calls-held': callsHeld,
          },
        },
      };
    },
  );
};

export default reportRoutes;
