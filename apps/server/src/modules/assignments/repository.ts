import { DEACTIVATED_STATUSES, ROLE_NAMES } from '@sim/shared';
import { and, asc, count, eq, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  assignments,
  attemptLines,
  attempts,
  companies,
  groupMembers,
  groups,
  roles,
  simLevels,
  sims,
  tools,
  users,
} from '../../db/schema/index';
import { fullName } from '../../db/sql-helpers';

/**
 * Assignable users: users of the company who are not deleted and may sign in (status neither Inactive nor
 * Post Employment). They are the "members" of ADD ASSIGNMENT, the members a group assignment reaches, and
 * the "active users" the profile card counts.
 */
function assignableUsers(companyId: string): SQL {
  return and(
    eq(users.companyId, companyId),
    isNull(users.deletedAt),
    notInArray(users.status, [...DEACTIVATED_STATUSES]),
  ) as SQL;
}

/** What a service needs of one assignment: the policy's record, the sim it is of, its texts and start. */
export interface AssignmentRow {
  id: string;
  companyId: string;
  simId: string;
  assignedToId: string;
  status: string;
  notes: string;
  reviewComments: string;
  startDate: Date | null;
}

/**
 * One assignment of the company, null when absent, of another company, of a trashed sim or of a deleted
 * learner (the rows the dashboard leaves out). `lock` takes the row for update, for a change that depends
 * on what it reads (the status of a delete, the instruction of a notes save; the attempts module takes it
 * first in every change of an assignment and its attempts, so starts and completions of one queue up).
 */
export async function findAssignment(
  db: DbOrTx,
  companyId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<AssignmentRow | null> {
  const query = db
    .select({
      id: assignments.id,
      companyId: assignments.companyId,
      simId: assignments.simId,
      assignedToId: assignments.assignedToId,
      status: assignments.status,
      notes: assignments.notes,
      reviewComments: assignments.reviewComments,
      startDate: assignments.startDate,
    })
    .from(assignments)
    .innerJoin(sims, and(eq(sims.id, assignments.simId), isNull(sims.deletedAt)))
    .innerJoin(users, and(eq(users.id, assignments.assignedToId), isNull(users.deletedAt)))
    .where(and(eq(assignments.id, id), eq(assignments.companyId, companyId)));
  const [row] = opts.lock ? await query.for('update', { of: assignments }) : await query;
  return row ?? null;
}

/** A sim of the company that is not trashed, with what ADD ASSIGNMENT checks; null otherwise. */
export async function findAssignableSim(db: DbOrTx, companyId: string, simId: string) {
  const [row] = await db
    .select({
      id: sims.id,
      companyId: sims.companyId,
      productId: sims.productId,
      title: sims.title,
      draft: sims.draft,
      // "sims"."id" written out: drizzle leaves columns unqualified in a single-table select
      levels: sql<number>`(select count(*)::int from ${simLevels} sl where sl.sim_id = "sims"."id")`,
    })
    .from(sims)
    .where(and(eq(sims.id, simId), eq(sims.companyId, companyId), isNull(sims.deletedAt)));
  return row ?? null;
}

/** Whether the user is an assignable user of the company. */
export async function isAssignableUser(db: DbOrTx, companyId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), assignableUsers(companyId)));
  return Boolean(row);
}

/** The group's current assignable members, or null when the group is not of the company. */
export async function groupMemberIds(db: DbOrTx, companyId: string, groupId: string): Promise<string[] | null> {
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.companyId, companyId)));
  if (!group) return null;
  const rows = await db
    .select({ id: users.id })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), assignableUsers(companyId)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

export async function insertAssignments(
  db: DbOrTx,
  common: {
    companyId: string;
    simId: string;
    toolId: string;
    assignedById: string;
    groupId: string | null;
    notes: string;
    now: Date;
  },
  userIds: readonly string[],
): Promise<string[]> {
  const { now, ...values } = common;
  const rows = await db
    .insert(assignments)
    .values(userIds.map((assignedToId) => ({ ...values, assignedToId, createdAt: now, updatedAt: now })))
    .returning({ id: assignments.id });
  return rows.map((r) => r.id);
}

export async function updateNotes(db: DbOrTx, id: string, notes: string, now: Date) {
  await db.update(assignments).set({ notes, updatedAt: now }).where(eq(assignments.id, id));
}

export async function deleteAssignment(db: DbOrTx, id: string) {
  await db.delete(assignments).where(eq(assignments.id, id));
}

/** The learner opened their done assignment: its Completed badge goes off. */
export async function markCompletedSeen(db: DbOrTx, id: string, userId: string) {
  await db
    .update(assignments)
    .set({ completedSeen: true })
    .where(and(eq(assignments.id, id), eq(assignments.assignedToId, userId), eq(assignments.completedSeen, false)));
}

/**
 * Whether the assignment can be sent for review: the sim has levels, and for every level the latest
 * completed attempt of this assignment exists and every line of it is graded (status 'Completed'). The
 * latest one decides, so a level taken again after an attempt whose audio failed can still be sent, and a
 * level whose newest attempt is still being processed cannot.
 */
export async function canSendForReview(db: DbOrTx, assignmentId: string, simId: string): Promise<boolean> {
  const [row] = await db
    .execute<{ ok: boolean }>(sql`
    select exists (select 1 from ${simLevels} l where l.sim_id = ${simId})
      and not exists (
        select 1 from ${simLevels} l
        where l.sim_id = ${simId}
          and not coalesce((
            select not exists (
              select 1 from ${attemptLines} al where al.attempt_id = a.id and al.status <> 'Completed')
            from ${attempts} a
            where a.assignment_id = ${assignmentId} and a.sim_level_id = l.id and a.status = 'completed'
            order by a.completed_at desc nulls last, a.created_at desc -- created_at: the start
            limit 1), false)) as ok`)
    .then((r) => r.rows);
  return row?.ok === true;
}

// ---- ADD ASSIGNMENT's choices ----

export function allTools(db: DbOrTx) {
  return db.select({ _id: tools.id, name: tools.name }).from(tools).orderBy(asc(tools.sortOrder), asc(tools.name));
}

export async function toolExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: tools.id }).from(tools).where(eq(tools.id, id));
  return Boolean(row);
}

/** The company's sims of a tool that can be assigned: not trashed, not draft, with at least one level. */
export async function assignableSims(db: DbOrTx, companyId: string, toolId: string) {
  const rows = await db
    .select({ id: sims.id, title: sims.title, simType: sims.simType })
    .from(sims)
    .where(
      and(
        eq(sims.companyId, companyId),
        eq(sims.productId, toolId),
        isNull(sims.deletedAt),
        eq(sims.draft, false),
        sql`exists (select 1 from ${simLevels} sl where sl.sim_id = "sims"."id")`,
      ),
    )
    .orderBy(asc(sql`lower(${sims.title})`), asc(sims.id));
  return rows.map((r) => ({ _id: r.id, title: r.title, sim_type: r.simType }));
}

export async function assignableMembers(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({ id: users.id, name: fullName(users), role: roles.name, pic: users.profilePicUrl })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(assignableUsers(companyId))
    .orderBy(asc(sql`lower(${fullName(users)})`), asc(users.id));
  return rows.map((r) => ({ _id: r.id, name: r.name, role: r.role ?? '', profile_pic: r.pic }));
}

/** The company's groups with the number of members an assignment of the group would reach. */
export async function groupChoices(db: DbOrTx, companyId: string) {
  const members = sql<number>`(select count(*)::int from ${groupMembers} gm
    join ${users} mu on mu.id = gm.user_id
    where gm.group_id = "groups"."id" and mu.company_id = ${companyId} and mu.deleted_at is null
      and mu.status not in (${sql.join(
        DEACTIVATED_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}))`;
  const rows = await db
    .select({ id: groups.id, name: groups.name, members })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
  return rows.map((r) => ({ _id: r.id, name: r.name, member_count: r.members }));
}

// ---- the profile card ----

export async function companyName(db: DbOrTx, companyId: string): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? null;
}

const roleIs = (name: string) => sql<number>`(count(*) filter (where lower(trim(${roles.name})) = ${name}))::int`;

/**
 * The profile card's counts of the company's active users (assignable users, see above) by the name of
 * their role — a display count, never an access decision — and its groups.
 */
export async function userCounts(db: DbOrTx, companyId: string) {
  const [[people], [{ groupCount }]] = await Promise.all([
    db
      .select({
        supervisors: roleIs(ROLE_NAMES.supervisor),
        managers: roleIs(ROLE_NAMES.manager),
        agents: roleIs(ROLE_NAMES.agent),
        applicants: roleIs('applicant'),
        users: sql<number>`count(*)::int`,
      })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(assignableUsers(companyId)),
    db.select({ groupCount: count() }).from(groups).where(eq(groups.companyId, companyId)),
  ]);
  return { ...people, groups: groupCount };
}
