import { sprintNumbers, TASK_STATUS, TASK_TYPE } from './task-status.ts';

/**
 * The performance report (docs/adr/0021-delivery-review-and-report.md), computed from the board's task
 * history: the status changes recorded in the project history (start, restart, deliver, accept,
 * reject), the sprints' start and finish times and the tasks' estimates. Pure: the API loads the rows,
 * this computes, and a property test recomputes the same numbers plainly from the same history.
 */
export type ReportAction = 'start' | 'finish' | 'deliver' | 'accept' | 'reject' | 'restart';
export type ReportEvent = { taskId: number; action: ReportAction; at: Date };
export type ReportSprint = { id: number; startedAt: Date | null; finishedAt: Date | null };
export type ReportTask = {
  id: number;
  sprintId: number | null;
  estimate: number | null;
  statusId: number;
  typeId: number | null;
};
export type ReportInput = {
  from: Date;
  to: Date;
  now: Date;
  sprints: ReportSprint[];
  tasks: ReportTask[];
  /** every status change of the tasks, any order */
  events: ReportEvent[];
  /** when each update of the period was posted */
  updates: Date[];
  callsHeld: number;
};

export type CycleTime = { count: number; medianHours: number | null; p85Hours: number | null };
export type SprintNumbers = {
  id: number;
  /** 1 for the project's first started sprint */
  number: number;
  started: string;
  finished: string | null;
  totalHours: number;
  acceptedHours: number;
  acceptedTasks: number;
  rejections: number;
  /** rejections / decisions, null without a decision */
  rejectionRate: number | null;
  startToDelivered: CycleTime;
  deliveredToDecision: CycleTime;
  /** cumulative accepted estimate hours: the sprint's start, each acceptance, its end (or now) */
  burnUp: Array<{ at: string; hours: number }>;
};
export type ProjectReport = {
  from: string;
  to: string;
  summary: string;
  accepted: number;
  rejected: number;
  medianDecisionDays: number | null;
  sprints: SprintNumbers[];
  openRoadblocks: number;
  updatesPerWeek: Array<{ week: string; count: number }>;
  callsHeld: number;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The nearest-rank percentile: the smallest value with at least p% of the values at or below it. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)]!;
}

const cycle = (hours: number[]): CycleTime => {
  const m = median(hours);
  const p = percentile(hours, 85);
  return {
    count: hours.length,
    medianHours: m === null ? null : round(m),
    p85Hours: p === null ? null : round(p),
  };
};

/** Monday 00:00 UTC of the week holding `at`. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
}

// Times in epoch milliseconds: the report compares and subtracts thousands of them per request.
type Walk = {
  startToDelivered: number[];
  deliveredToDecision: Array<{ hours: number; at: number }>;
  accepts: number[];
  rejects: number[];
};
type TimedEvent = { action: ReportAction; at: number };

/** One task's history in time order: Start (or Restart) → Deliver, and Deliver → the decision after it. */
function walkTask(events: TimedEvent[]): Walk {
  const walk: Walk = { startToDelivered: [], deliveredToDecision: [], accepts: [], rejects: [] };
  let started: number | null = null;
  let delivered: number | null = null;
  for (const e of events) {
    if (e.action === 'start' || e.action === 'restart') started = e.at;
    else if (e.action === 'deliver') {
      if (started !== null) walk.startToDelivered.push((e.at - started) / HOUR);
      delivered = e.at;
    } else if (e.action === 'accept' || e.action === 'reject') {
      if (delivered !== null) walk.deliveredToDecision.push({ hours: (e.at - delivered) / HOUR, at: e.at });
      (e.action === 'accept' ? walk.accepts : walk.rejects).push(e.at);
      delivered = null;
    }
  }
  return walk;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The plain-language line on top: "12 tasks accepted in the last 30 days, 2 rejected; median 2.5 days ...". */
export function summaryLine(
  report: Pick<ProjectReport, 'accepted' | 'rejected' | 'medianDecisionDays'>,
  period: { from: Date; to: Date; now: Date },
): string {
  const { from, to, now } = period;
  // A period ending today reads "in the last N days"; an earlier one names its dates.
  const when =
    Math.abs(now.getTime() - to.getTime()) < DAY
      ? `in the last ${plural(Math.max(1, Math.round((to.getTime() - from.getTime()) / DAY)), 'day', 'days')}`
      : `from ${from.toISOString().slice(0, 10)} to ${to.toISOString().slice(0, 10)}`;
  const head = `${plural(report.accepted, 'task', 'tasks')} accepted ${when}, ${report.rejected} rejected`;
  return report.medianDecisionDays === null
    ? `${head}; no decision on a delivery yet in this period.`
    : `${head}; median ${report.medianDecisionDays} ${report.medianDecisionDays === 1 ? 'day' : 'days'} from delivery to your decision.`;
}

/** The report for a period: the sprints that ran in it, with their numbers, and the project's totals. */
export function computeReport(input: ReportInput): ProjectReport {
  const { from, to, now } = input;
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const nowMs = now.getTime();
  const byTask = new Map<number, TimedEvent[]>();
  for (const e of input.events) {
    const list = byTask.get(e.taskId);
    const timed = { action: e.action, at: e.at.getTime() };
    if (list) list.push(timed);
    else byTask.set(e.taskId, [timed]);
  }
  const walks = new Map<number, Walk>();
  // A stable sort: changes at the same time keep the order they came in.
  for (const [taskId, list] of byTask) walks.set(taskId, walkTask(list.sort((a, b) => a.at - b.at)));
  const empty: Walk = { startToDelivered: [], deliveredToDecision: [], accepts: [], rejects: [] };
  const inPeriod = (at: number) => at >= fromMs && at <= toMs;
  const tasksBySprint = new Map<number | null, ReportTask[]>();
  for (const t of input.tasks) {
    const list = tasksBySprint.get(t.sprintId);
    if (list) list.push(t);
    else tasksBySprint.set(t.sprintId, [t]);
  }

  const started = input.sprints
    .filter((s): s is ReportSprint & { startedAt: Date } => s.startedAt !== null)
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.id - b.id);
  const numbers = sprintNumbers(input.sprints.map((s) => s.id));
  const sprints: SprintNumbers[] = [];
  started.forEach((sprint) => {
    const startMs = sprint.startedAt.getTime();
    const endMs = sprint.finishedAt?.getTime() ?? nowMs;
    if (startMs > toMs || endMs < fromMs) return;
    const tasks = tasksBySprint.get(sprint.id) ?? [];
    const accepted: Array<{ at: number; hours: number }> = [];
    const startToDelivered: number[] = [];
    const toDecision: number[] = [];
    let rejections = 0;
    for (const task of tasks) {
      const walk = walks.get(task.id) ?? empty;
      for (const h of walk.startToDelivered) startToDelivered.push(h);
      for (const d of walk.deliveredToDecision) toDecision.push(d.hours);
      rejections += walk.rejects.length;
      const last = walk.accepts.at(-1);
      if (last !== undefined && task.statusId === TASK_STATUS.accepted)
        accepted.push({ at: last, hours: task.estimate ?? 0 });
    }
    accepted.sort((a, b) => a.at - b.at);
    const decisions = accepted.length + rejections;
    let sum = 0;
    const burnUp = [{ at: sprint.startedAt.toISOString(), hours: 0 }];
    for (const a of accepted) {
      sum += a.hours;
      burnUp.push({ at: new Date(a.at).toISOString(), hours: round(sum) });
    }
    burnUp.push({ at: new Date(endMs > startMs ? endMs : startMs).toISOString(), hours: round(sum) });
    sprints.push({
      id: sprint.id,
      number: numbers.get(sprint.id) ?? 0,
      started: sprint.startedAt.toISOString(),
      finished: sprint.finishedAt?.toISOString() ?? null,
      totalHours: round(tasks.reduce((n, t) => n + (t.estimate ?? 0), 0)),
      acceptedHours: round(sum),
      acceptedTasks: accepted.length,
      rejections,
      rejectionRate: decisions === 0 ? null : round(rejections / decisions, 4),
      startToDelivered: cycle(startToDelivered),
      deliveredToDecision: cycle(toDecision),
      burnUp,
    });
  });

  let acceptedCount = 0;
  let rejectedCount = 0;
  const decisionHours: number[] = [];
  for (const walk of walks.values()) {
    acceptedCount += walk.accepts.filter(inPeriod).length;
    rejectedCount += walk.rejects.filter(inPeriod).length;
    for (const d of walk.deliveredToDecision) if (inPeriod(d.at)) decisionHours.push(d.hours);
  }
  const m = median(decisionHours);
  const medianDecisionDays = m === null ? null : round(m / 24, 1);

  const weeks = new Map<number, number>();
  for (let w = weekStart(from).getTime(); w <= to.getTime(); w += 7 * DAY) weeks.set(w, 0);
  for (const at of input.updates) {
    if (!inPeriod(at.getTime())) continue;
    const w = weekStart(at).getTime();
    weeks.set(w, (weeks.get(w) ?? 0) + 1);
  }

  const totals = { accepted: acceptedCount, rejected: rejectedCount, medianDecisionDays };
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    summary: summaryLine(totals, input),
    ...totals,
    sprints,
    openRoadblocks: input.tasks.filter(
      (t) => t.typeId === TASK_TYPE.blocker && t.statusId !== TASK_STATUS.accepted,
    ).length,
    updatesPerWeek: [...weeks].map(([w, count]) => ({ week: new Date(w).toISOString().slice(0, 10), count })),
    callsHeld: input.callsHeld,
  };
}

export const REPORT_CSV_COLUMNS = [
  'sprint',
  'started',
  'finished',
  'total_hours',
  'accepted_hours',
  'accepted_tasks',
  'rejections',
  'rejection_rate',
  'start_to_delivered_median_hours',
  'start_to_delivered_p85_hours',
  'delivered_to_decision_median_hours',
  'delivered_to_decision_p85_hours',
] as const;

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The per-sprint table as CSV (RFC 4180, CRLF line ends), for a spreadsheet. */
export function reportCsv(report: ProjectReport): string {
  const rows = report.sprints.map((s) => [
    `Sprint ${s.number}`,
    s.started,
    s.finished,
    s.totalHours,
    s.acceptedHours,
    s.acceptedTasks,
    s.rejections,
    s.rejectionRate,
    s.startToDelivered.medianHours,
    s.startToDelivered.p85Hours,
    s.deliveredToDecision.medianHours,
    s.deliveredToDecision.p85Hours,
  ]);
  return `${[[...REPORT_CSV_COLUMNS], ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
