import type { Flattened, ProjectReportResource } from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getBlob, read } from '../../../lib/api-client.ts';

/** The performance report's numbers (packages/domain/src/api/report.ts). */
export type ProjectReport = Flattened<ProjectReportResource>;
export type SprintNumbers = ProjectReport['sprints'][number];
/** A period as dates (YYYY-MM-DD); both ends included. */
export type ReportPeriod = { from: string; to: string };

/** GET /api/project/{id}/report?from&to. */
export async function getReport(projectId: number, period: ReportPeriod): Promise<ProjectReport> {
  const { data } = await read('GET /api/project/{id}/report', {
    path: { id: projectId },
    params: { from: period.from, to: period.to },
    suppressErrorToast: true,
  });
  return data;
}

export const reportQueryOptions = (projectId: number, period: ReportPeriod) =>
  queryOptions({
    queryKey: ['project-report', projectId, period.from, period.to],
    queryFn: () => getReport(projectId, period),
    placeholderData: keepPreviousData,
  });

export function useReport(projectId: number, period: ReportPeriod) {
  return useQuery(reportQueryOptions(projectId, period));
}

/** The per-sprint table as CSV (?format=csv), saved as a file. */
export async function downloadReportCsv(projectId: number, period: ReportPeriod): Promise<void> {
  const blob = await getBlob(`/project/${projectId}/report`, { ...period, format: 'csv' }, 'text/csv');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `performance-report-${projectId}-${period.from}-${period.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
