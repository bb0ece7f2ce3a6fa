import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_COMPANY_CODE, PROVIDER_PERMISSIONS, defaultSystemSettings, type Permission } from '@delego/domain';
import type { Database } from '../src/db/client.ts';
import { companies, rolePermissions, roles, userRoles, users } from '../src/db/schema/index.ts';
import { passwordHasher } from '../src/modules/auth/password-hasher.ts';
import { TEST_PASSWORD } from './factories.ts';
import { authHeaders } from './sessions.ts';

/**
 * A provider administrator (negative id, company `admin`, made beside any other) holding the given
 * permissions — every provider permission and companyAdmin unless told — logged in.
 */
export async function providerAdmin(app: FastifyInstance, db: Database, permissions: readonly Permission[] = [...PROVIDER_PERMISSIONS, 'companyAdmin']) {
  await db.insert(companies).values({ code: ADMIN_COMPANY_CODE, name: 'Administracja', settings: defaultSystemSettings() }).onConflictDoNothing();
  const [admin] = await db.select().from(companies).where(sql`lower(${companies.code}) = ${ADMIN_COMPANY_CODE}`);
  const login = `provider${randomUUID().slice(0, 8)}`;
  const [user] = await db
    .insert(users)
    .values({ id: sql`nextval('provider_admin_user_id_seq')`, companyId: admin!.id, login, name: 'Super', surname: 'Admin', email: `${login}@example.test`, passwordHash: await passwordHasher.hash(TEST_PASSWORD) })
    .returning();
  if (permissions.length > 0) {
    const [role] = await db.insert(roles).values({ companyId: admin!.id, name: `provider-${login}` }).returning();
    await db.insert(rolePermissions).values(permissions.map((permissionName) => ({ roleId: role!.id, permissionName })));
    await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  }
  return { user: user!, company: admin!, headers: await authHeaders(app, { code: ADMIN_COMPANY_CODE }, user!) };
}
