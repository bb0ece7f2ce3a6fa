import type { Database, Transaction } from '../../db/client.ts';
import { demoContext } from '../../db/seed/demo-trips.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { createRolesService } from '../roles/roles.service.ts';
import { createExternalSystemService } from './external-system.service.ts';

/**
 * The demo company's main system (a made-up ERP): its issuer, audience and the shared secret the
 * documented `npm run external-token` command signs test tokens with. Known on purpose: it is demo data.
 */
export const DEMO_EXTERNAL_SYSTEM = {
  issuer: 'https://erp.demo.example',
  audience: 'delego-demo',
  sharedSecret: 'demo-erp-shared-secret-change-me-2026',
  returnUrl: 'https://erp.demo.example/delego',
  /** External role names of the ERP and the demo roles (by their seed key) they map to. */
  roleMappings: [
    { externalName: 'ERP_PRACOWNIK', roleKey: 'employee' },
    { externalName: 'ERP_AKCEPTANT', roleKey: 'acceptor' },
  ],
} as const;

/**
 * Links the demo company to its main system and maps two of the ERP's roles, as the demo administrator
 * does on the settings screens (through the same services), so an external sign-in works after the first start.
 */
export async function seedDemoExternalSystem(tx: Transaction, company: CompanyRecord, seedDay: string, roleIds: ReadonlyMap<string, number>, options: { serverSecret: string; now: Date }): Promise<void> {
  const { serverSecret, now } = options;
  const clock = new ManualClock(now);
  const administrator = await demoContext(tx, company, 'administrator', seedDay);
  await createExternalSystemService({ db: tx as unknown as Database, clock, serverSecret }).save(administrator, {
    issuer: DEMO_EXTERNAL_SYSTEM.issuer,
    audience: DEMO_EXTERNAL_SYSTEM.audience,
    algorithm: 'HS256',
    shared_secret: DEMO_EXTERNAL_SYSTEM.sharedSecret,
    public_key_pem: '',
    return_url: DEMO_EXTERNAL_SYSTEM.returnUrl,
    is_enabled: true,
  });
  const roles = createRolesService({ db: tx as unknown as Database, clock });
  for (const mapping of DEMO_EXTERNAL_SYSTEM.roleMappings) {
    await roles.mappingSave(administrator, { original_name: null, external_name: mapping.externalName, role_id: roleIds.get(mapping.roleKey)! });
  }
}
