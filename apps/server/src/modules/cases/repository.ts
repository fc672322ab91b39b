import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cases } from '../../db/schema/index';

/** The case numbers of a company, lowest first. */
export async function caseNumbersOf(db: DbOrTx, companyId: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ caseNumber: cases.caseNumber })
    .from(cases)
    .where(eq(cases.companyId, companyId))
    .orderBy(asc(cases.caseNumber))
    .limit(limit);
  return rows.map((r) => r.caseNumber);
}

/** A case of the company by its number; null when it has none of that number. */
export async function caseOf(db: DbOrTx, companyId: string, caseNumber: number) {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.companyId, companyId), eq(cases.caseNumber, caseNumber)));
  return row ?? null;
}
