import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationRecipients } from '../../db/schema/index';

export async function countNewNotifications(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationRecipients)
    .where(and(eq(notificationRecipients.userId, userId), eq(notificationRecipients.isNew, true)));
  return row?.n ?? 0;
}
