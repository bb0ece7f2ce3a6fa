import { and, eq, lt, sql } from 'drizzle-orm';
import type { ExternalTokenAlgorithm } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { externalRoleMappings, externalSystemLinks, externalTokenUses, roles } from '../../db/schema/index.ts';

export type ExternalSystemLinkRow = typeof externalSystemLinks.$inferSelect & { algorithm: ExternalTokenAlgorithm };

export interface ExternalSystemLinkValues {
  issuer: string;
  audience: string;
  algorithm: ExternalTokenAlgorithm;
  sharedSecretCiphertext: string | null;
  publicKeyPem: string | null;
  returnUrl: string;
  isEnabled: boolean;
}

export const externalSystemRepo = {
  async findLink(db: Executor, companyId: number, options: { forUpdate?: boolean } = {}): Promise<ExternalSystemLinkRow | null> {
    const query = db.select().from(externalSystemLinks).where(eq(externalSystemLinks.companyId, companyId)).limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return (row as ExternalSystemLinkRow | undefined) ?? null;
  },

  /** The link whose tokens name this issuer; the issuer is unique across companies. */
  async findLinkByIssuer(db: Executor, issuer: string): Promise<ExternalSystemLinkRow | null> {
    const [row] = await db.select().from(externalSystemLinks).where(eq(externalSystemLinks.issuer, issuer)).limit(1);
    return (row as ExternalSystemLinkRow | undefined) ?? null;
  },

  /** Whether another company's link already uses the issuer. */
  async issuerTakenByOther(db: Executor, companyId: number, issuer: string): Promise<boolean> {
    const [row] = await db
      .select({ companyId: externalSystemLinks.companyId })
      .from(externalSystemLinks)
      .where(and(eq(externalSystemLinks.issuer, issuer), sql`${externalSystemLinks.companyId} <> ${companyId}`))
      .limit(1);
    return row !== undefined;
  },

  async saveLink(db: Executor, companyId: number, values: ExternalSystemLinkValues, now: Date): Promise<ExternalSystemLinkRow> {
    const [row] = await db
      .insert(externalSystemLinks)
      .values({ companyId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: externalSystemLinks.companyId, set: { ...values, updatedAt: now } })
      .returning();
    return row as ExternalSystemLinkRow;
  },

  /**
   * Records a token id as used until the token's expiry. False when it was used before: the primary key
   * makes the check and the record one statement, so two requests with one token cannot both pass.
   * Ids of tokens that expired are dropped on the way (such tokens are refused for their expiry anyway).
   */
  async spendTokenId(db: Executor, companyId: number, jti: string, now: Date, expiresAt: Date): Promise<boolean> {
    await db.delete(externalTokenUses).where(lt(externalTokenUses.expiresAt, now));
    const inserted = await db
      .insert(externalTokenUses)
      .values({ companyId, jti, usedAt: now, expiresAt })
      .onConflictDoNothing()
      .returning({ jti: externalTokenUses.jti });
    return inserted.length === 1;
  },

  /** The company's external-role mappings by external name in lower case, with the role each points at (blocked roles left out). */
  async roleMappings(db: Executor, companyId: number): Promise<{ externalName: string; roleId: number }[]> {
    return db
      .select({ externalName: sql<string>`lower(${externalRoleMappings.externalName})`, roleId: externalRoleMappings.roleId })
      .from(externalRoleMappings)
      .innerJoin(roles, eq(roles.id, externalRoleMappings.roleId))
      .where(and(eq(externalRoleMappings.companyId, companyId), eq(roles.companyId, companyId), eq(roles.isBlocked, false)))
      .orderBy(externalRoleMappings.id);
  },
};
