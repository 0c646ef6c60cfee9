import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { riskCallAppointments } from '../../../db/schema';

export type AppointmentRow = typeof riskCallAppointments.$inferSelect;

export async function findAppointment(db: Db | Tx, applicationId: string): Promise<AppointmentRow | null> {
  const [row] = await db
    .select()
    .from(riskCallAppointments)
    .where(eq(riskCallAppointments.applicationId, applicationId))
    .limit(1);
  return row ?? null;
}

/**
 * Books the call, or replaces the booked slot (version + 1). One statement on the application's
 * key: even without the application's lock, two requests cannot leave two bookings.
 */
export async function upsertAppointment(
  tx: Tx,
  applicationId: string,
  slotAt: Date,
  now: Date,
): Promise<AppointmentRow> {
  const [row] = await tx
    .insert(riskCallAppointments)
    .values({ applicationId, slotAt, version: 1, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: riskCallAppointments.applicationId,
      set: { slotAt, version: sql`${riskCallAppointments.version} + 1`, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function deleteAppointment(tx: Tx, applicationId: string): Promise<void> {
  await tx.delete(riskCallAppointments).where(eq(riskCallAppointments.applicationId, applicationId));
}
