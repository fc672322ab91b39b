import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { assignmentReviews, assignments, attempts, users } from '../../db/schema/index';
import { fullName } from '../../db/sql-helpers';

/**
 * Data access of the review: the assignment's status change and the track record, written in the review's
 * transaction (the learner's notification goes through the notifications service, in the same one).
 */

export async function updateAssignment(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: Partial<typeof assignments.$inferInsert>,
) {
  const [row] = await db
    .update(assignments)
    .set(values)
    .where(and(eq(assignments.id, id), eq(assignments.companyId, companyId)))
    .returning();
  return row;
}

export async function insertReview(db: DbOrTx, values: typeof assignmentReviews.$inferInsert) {
  await db.insert(assignmentReviews).values(values);
}

export async function userName(db: DbOrTx, companyId: string, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ name: fullName(users) })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  return row?.name ?? null;
}

const reviewer = alias(users, 'reviewer');

/** The decisions of an assignment (already scoped by the caller), oldest first. */
export function reviewsOf(db: DbOrTx, assignmentId: string) {
  return db
    .select({
      reviewDate: assignmentReviews.reviewDate,
      passOrFail: assignmentReviews.passOrFail,
      reviewComments: assignmentReviews.reviewComments,
      reviewedById: assignmentReviews.reviewedById,
      reviewedBy: sql<string | null>`case when ${reviewer.id} is null then null else ${fullName(reviewer)} end`,
    })
    .from(assignmentReviews)
    .leftJoin(reviewer, eq(reviewer.id, assignmentReviews.reviewedById))
    .where(eq(assignmentReviews.assignmentId, assignmentId))
    .orderBy(asc(assignmentReviews.reviewDate), asc(assignmentReviews.id));
}

/**
 * Whether the assignment may go back to review as far as its decisions go: it was never decided, or one of
 * its attempts was completed after its last decision (DECISIONS.md section 6). One statement.
 */
export async function hasWorkSinceDecision(db: DbOrTx, companyId: string, assignmentId: string): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    with decided as (
      select max(${assignmentReviews.reviewDate}) as at from ${assignmentReviews}
      where ${assignmentReviews.assignmentId} = ${assignmentId}
    )
    select (select at from decided) is null
      or exists (
        select 1 from ${attempts}
        where ${attempts.assignmentId} = ${assignmentId} and ${attempts.companyId} = ${companyId}
          and ${attempts.status} = 'completed' and ${attempts.completedAt} > (select at from decided)
      ) as ok`);
  return result.rows[0]?.ok === true;
}
