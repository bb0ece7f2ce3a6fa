import { randomUUID } from 'node:crypto';
import type { Permission, SystemSettingsInput } from '@delego/domain';
import type { Database } from '../src/db/client.ts';
import { rolePermissions, roles, userRoles, users } from '../src/db/schema/index.ts';
import { companyRepo, type CompanyRecord } from '../src/modules/company/company.repo.ts';
import { passwordHasher } from '../src/modules/auth/password-hasher.ts';

export const TEST_PASSWORD = 'Test-Password1!';

/** A company with a unique code, so tests never collide on a shared database. */
export async function createCompany(db: Database, settings: SystemSettingsInput = {}): Promise<CompanyRecord> {
  const code = `c${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  return companyRepo.create(db, { code, name: `Firma ${code}`, settings });
}

let cachedHash: Promise<string> | null = null;

export async function createUser(
  db: Database,
  company: CompanyRecord,
  options: { login?: string; permissions?: Permission[]; password?: string; email?: string; language?: string; passwordChangedAt?: Date; passwordExpiry?: string; isActive?: boolean } = {},
) {
  cachedHash ??= passwordHasher.hash(TEST_PASSWORD);
  const passwordHash = options.password ? await passwordHasher.hash(options.password) : await cachedHash;
  const login = options.login ?? `user${randomUUID().slice(0, 8)}`;
  const [user] = await db
    .insert(users)
    .values({
      companyId: company.id,
      login,
      email: options.email ?? `${login}@example.test`,
      passwordHash,
      name: 'Jan',
      surname: 'Testowy',
      language: options.language ?? 'pl-PL',
      passwordChangedAt: options.passwordChangedAt ?? new Date(),
      passwordExpiry: options.passwordExpiry ?? null,
      isActive: options.isActive ?? true,
    })
    .returning();
  if (options.permissions && options.permissions.length > 0) {
    const [role] = await db.insert(roles).values({ companyId: company.id, name: `role-${randomUUID()}` }).returning();
    await db.insert(rolePermissions).values(options.permissions.map((permissionName) => ({ roleId: role!.id, permissionName })));
    await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  }
  return user!;
}
