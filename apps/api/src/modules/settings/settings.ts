import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { AppError, attr, notFound } from '../../lib/app-error.ts';
import { assertValidValue, assertWritableName } from './setting-rules.ts';

type SettingRow = typeof settings.$inferSelect;

export async function findSettingsByName(db: Db, name: string | null): Promise<SettingRow[]> {
  const query = db.select().from(settings);
  return name === null
    ? query.orderBy(settings.id)
    : query.where(eq(settings.name, name)).orderBy(settings.id);
}

const nameTaken = (name: string) =>
  new AppError('conflict', {
    title: `Setting '${name}' already exists; update it instead`,
    pointer: attr('name'),
  });

export async function createSetting(db: Db, input: { name: string; value: string }): Promise<SettingRow> {
  assertWritableName(input.name);
  await assertValidValue(db, input.name, input.value);
  const [row] = await db.insert(settings).values(input).onConflictDoNothing().returning();
  if (!row) throw nameTaken(input.name);
  return row;
}

export async function updateSetting(db: Db, id: number, value: string): Promise<SettingRow> {
  const [existing] = await db.select().from(settings).where(eq(settings.id, id));
  if (!existing) throw notFound('Setting');
  assertWritableName(existing.name);
  await assertValidValue(db, existing.name, value);
  const [row] = await db.update(settings).set({ value }).where(eq(settings.id, id)).returning();
  if (!row) throw notFound('Setting');
  return row;
}
