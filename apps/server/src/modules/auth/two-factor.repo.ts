import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes, userTwoFactor } from '../../db/schema/index.ts';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

/** A user's authenticator and recovery codes; every query names the company and the user. */
export const twoFactorRepo = {
  async find(db: Executor, companyId: number, userId: number): Promise<TwoFactorRow | null> {
    const [row] = await db
      .select()
      .from(userTwoFactor)
      .where(and(eq(userTwoFactor.companyId, companyId), eq(userTwoFactor.userId, userId)))
      .limit(1);
    return row ?? null;
  },

  /** Starts an enrolment: a new unconfirmed secret replaces any earlier unconfirmed one (never a confirmed one). */
  async savePending(db: Executor, companyId: number, userId: number, secretCiphertext: string, now: Date): Promise<boolean> {
    const saved = await db
      .insert(userTwoFactor)
      .values({ companyId, userId, secretCiphertext, createdAt: now })
      .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secretCiphertext, createdAt: now, lastUsedStep: null }, where: isNull(userTwoFactor.confirmedAt) })
      .returning({ userId: userTwoFactor.userId });
    return saved.length > 0;
  },

  async confirm(db: Executor, companyId: number, userId: number, now: Date): Promise<void> {
    await db
      .update(userTwoFactor)
      .set({ confirmedAt: now })
      .where(and(eq(userTwoFactor.companyId, companyId), eq(userTwoFactor.userId, userId)));
  },

  /**
   * Spends the time step of an accepted code: true when no code of this step or a later one was
   * accepted before. One conditional update, so two requests with the same code cannot both pass.
   */
  async spendStep(db: Executor, companyId: number, userId: number, step: number): Promise<boolean> {
    const spent = await db
      .update(userTwoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(userTwoFactor.companyId, companyId),
          eq(userTwoFactor.userId, userId),
          or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return spent.length > 0;
  },

  async remove(db: Executor, companyId: number, userId: number): Promise<void> {
    await db.delete(recoveryCodes).where(and(eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.userId, userId)));
    await db.delete(userTwoFactor).where(and(eq(userTwoFactor.companyId, companyId), eq(userTwoFactor.userId, userId)));
  },

  async replaceRecoveryCodes(db: Executor, companyId: number, userId: number, codeHashes: string[], now: Date): Promise<void> {
    await db.delete(recoveryCodes).where(and(eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.userId, userId)));
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ companyId, userId, codeHash, createdAt: now })));
  },

  async unusedRecoveryCodes(db: Executor, companyId: number, userId: number): Promise<{ id: number; codeHash: string }[]> {
    return db
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  },

  async countUnusedRecoveryCodes(db: Executor, companyId: number, userId: number): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.value ?? 0;
  },

  /** Spends a recovery code: true when it was still unused (a conditional update: it works once however many ask). */
  async spendRecoveryCode(db: Executor, companyId: number, userId: number, id: number, now: Date): Promise<boolean> {
    const spent = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.id, id), eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return spent.length > 0;
  },
};
