import { type AdminRelationships, type Role, relationshipIds, roleHasExtra } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { companies, teamMembers, teams, techs, userTechs } from '../../db/schema/index.ts';
import { rel } from '../../lib/app-error.ts';
import { assertIdsExist, type Tx } from './checks.ts';

/** The role-dependent extras a request carries: undefined when the relationship was not sent. */
export type UserExtras = { companyId?: number | null; teamIds?: number[]; techIds?: number[] };

/** Reads company, team and tech (also spelled techs) and checks that every chosen record exists. */
export async function readUserExtras(tx: Tx, relationships: AdminRelationships): Promise<UserExtras> {
  const companyIds = relationshipIds(relationships, 'company');
  const teamIds = relationshipIds(relationships, 'team');
  const techIds = relationshipIds(relationships, 'tech', 'techs');
  await assertIdsExist(tx, companies, companyIds ?? [], rel('company'));
  await assertIdsExist(tx, teams, teamIds ?? [], rel('team'));
  await assertIdsExist(tx, techs, techIds ?? [], rel(relationships?.techs ? 'techs' : 'tech'));
  return { companyId: companyIds === undefined ? undefined : (companyIds[0] ?? null), teamIds, techIds };
}

/**
 * Applies teams and techs by role (docs/product.md §A2): a projectManager keeps teams, a developer teams and techs.
 * A role that has no such extra loses it, so a former developer is no longer counted in a team.
 */
export async function applyTeamsAndTechs(tx: Tx, userId: number, role: Role, extras: UserExtras) {
  if (!roleHasExtra(role, 'team')) await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
  else if (extras.teamIds !== undefined) {
    await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
    if (extras.teamIds.length > 0)
      await tx.insert(teamMembers).values(extras.teamIds.map((teamId) => ({ teamId, userId })));
  }
  if (!roleHasExtra(role, 'tech')) await tx.delete(userTechs).where(eq(userTechs.userId, userId));
  else if (extras.techIds !== undefined) {
    await tx.delete(userTechs).where(eq(userTechs.userId, userId));
    if (extras.techIds.length > 0)
      await tx.insert(userTechs).values(extras.techIds.map((techId) => ({ techId, userId })));
  }
}
