import { and, type Column, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { users } from './schema/index';

/** SQL helpers several modules' repositories share. */

/** "First Last" of a user row (or an alias of it), trimmed. */
export const fullName = (u: { firstName: Column; lastName: Column }) =>
  sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

/** `%text%` for ILIKE with the wildcards of the text escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Active (not deleted) users of one company: the scope of every query of a company's users. */
export function companyUsers(companyId: string): SQL {
  return and(eq(users.companyId, companyId), isNull(users.deletedAt)) as SQL;
}

/** Server-side search over users' names, full name, email, title and phone (digits match a formatted phone). */
export function employeeSearch(text: string | undefined): SQL | undefined {
  const q = text?.trim();
  if (!q) return undefined;
  const pattern = likePattern(q);
  const digits = q.replace(/\D/g, '');
  return or(
    sql`${users.firstName} ilike ${pattern}`,
    sql`${users.lastName} ilike ${pattern}`,
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    sql`${users.email} ilike ${pattern}`,
    sql`coalesce(${users.title}, '') ilike ${pattern}`,
    sql`coalesce(${users.phoneNumber}, '') ilike ${pattern}`,
    digits.length >= 3 && digits.length === q.replace(/[\s()+-]/g, '').length
      ? sql`regexp_replace(coalesce(${users.phoneNumber}, ''), '\\D', '', 'g') like ${`%${digits}%`}`
      : undefined,
  );
}
