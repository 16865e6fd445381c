import { desc, eq } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { mailOutbox } from '#app/db/schema/index';
import type { Clock } from '#app/lib/clock';

export type OutboxMail = typeof mailOutbox.$inferSelect;

export const mailRepository = (db: Db, clock: Clock) => ({
  insert: async (mail: { to: string; subject: string; text: string; html: string }) => {
    await db.insert(mailOutbox).values({ ...mail, created_at: clock.now() });
  },
  list: (to: string | undefined, limit: number): Promise<OutboxMail[]> => {
    const query = db.select().from(mailOutbox);
    return (to ? query.where(eq(mailOutbox.to, to)) : query)
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
  },
});
export type MailRepository = ReturnType<typeof mailRepository>;
