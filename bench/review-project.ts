import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';

/** The review rows' project (docs/adr/0021): 200 weekly sprints up to now, 100 tasks each, with history. */
export const REVIEW = { sprints: 200, tasksPerSprint: 100 } as const;

/**
 * One project of 200 sprints and 20,000 tasks with their status history (start, finish, deliver, then
 * accept, or reject, restart, deliver, accept), written set-based; the last sprint runs and holds the
 * deliveries waiting for review. Answers the project id.
 */
export async function seedReviewProject(db: Db, ownerId: number): Promise<{ projectId: number; ms: number }> {
  const started = Date.now();
  const inserted = (await db.execute(
    sql`insert into projects (title, owner_id) values ('Bench review project', ${ownerId}) returning id`,
  )) as unknown as { rows: Array<{ id: number }> };
  const project = inserted.rows[0];
  const projectId = project!.id;
  await db.execute(
    sql`insert into project_members (project_id, user_id, kind) values (${projectId}, ${ownerId}, 'client')`,
  );
  await db.execute(sql`
    insert into sprints (project_id, sprint_status_id, started_at, finished_at, created_at)
    select ${projectId}, case when n = ${REVIEW.sprints} then 2 else 3 end,
      now() - ((${REVIEW.sprints} - n + 1) * interval '7 days'),
      case when n = ${REVIEW.sprints} then null else now() - ((${REVIEW.sprints} - n) * interval '7 days') end,
      now() - ((${REVIEW.sprints} - n + 1) * interval '7 days')
    from generate_series(1, ${REVIEW.sprints}) n`);
  // Status: the running sprint's tasks are delivered (4); of the others, every 7th rejected (6), the rest accepted (5).
  await db.execute(sql`
    insert into tasks (project_id, sprint_id, title, description, task_status_id, task_type_id, estimate, position,
      started_at, delivered_at, accepted_at, decided_at)
    select s.project_id, s.id, 'Task ' || s.id || '-' || k, 'Some **markdown**',
      case when s.finished_at is null then 4 when k % 7 = 0 then 6 else 5 end,
      1 + k % 3, (1 + k % 8)::numeric, k,
      s.started_at + interval '1 hour' * k, s.started_at + interval '1 hour' * (k + 30),
      case when s.finished_at is null or k % 7 = 0 then null else s.started_at + interval '1 hour' * (k + 50) end,
      case when s.finished_at is null then null else s.started_at + interval '1 hour' * (k + 50) end
    from sprints s, generate_series(1, ${REVIEW.tasksPerSprint}) k
    where s.project_id = ${projectId}`);
  await db.execute(sql`
    insert into project_events (project_id, actor_id, entity, entity_id, action, details, created_at)
    select t.project_id, ${ownerId}, 'task', t.id, e.action, '{}'::jsonb, t.started_at + e.after
    from tasks t
    cross join lateral (values ('start', interval '0'), ('finish', interval '20 hours'), ('deliver', interval '30 hours'),
      ('accept', interval '50 hours'), ('reject', interval '50 hours')) e(action, after)
    where t.project_id = ${projectId}
      and (e.action in ('start', 'finish', 'deliver')
        or (e.action = 'accept' and t.task_status_id = 5) or (e.action = 'reject' and t.task_status_id = 6))`);
  await db.execute(sql`analyze tasks; analyze project_events; analyze sprints`);
  return { projectId, ms: Date.now() - started };
}
