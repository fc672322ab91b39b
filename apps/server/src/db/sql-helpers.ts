import { type Column, sql } from 'drizzle-orm';

/** SQL helpers several modules' repositories share. */

/** "First Last" of a user row (or an alias of it), trimmed. */
export const fullName = (u: { firstName: Column; lastName: Column }) =>
  sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

/** `%text%` for ILIKE with the wildcards of the text escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
