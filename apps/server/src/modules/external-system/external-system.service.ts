import { importSPKI } from 'jose';
import { validateExternalSystemLink, type Issue } from '@delego/domain';
import type { ExternalSystemLink } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues } from '../../lib/app-errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { createSecretBox, type SecretBox } from '../auth/two-factor-crypto.ts';
import { externalSystemRepo, type ExternalSystemLinkRow } from './external-system.repo.ts';

/** The key sealing the main systems' shared secrets: its own, derived from the server's secret like the authenticators' one. */
export const createExternalSecretBox = (serverSecret: string): SecretBox => createSecretBox(serverSecret, 'external-system-secret-at-rest');

export interface ExternalSystemLinkInput {
  issuer: string;
  audience: string;
  algorithm: 'HS256' | 'RS256' | 'ES256';
  shared_secret: string;
  public_key_pem: string;
  return_url: string;
  is_enabled: boolean;
}

function shown(row: ExternalSystemLinkRow): ExternalSystemLink {
  return {
    issuer: row.issuer,
    audience: row.audience,
    algorithm: row.algorithm,
    has_shared_secret: row.sharedSecretCiphertext !== null,
    public_key_pem: row.publicKeyPem ?? '',
    return_url: row.returnUrl,
    is_enabled: row.isEnabled,
  };
}

/** The company administrator's screen of the link to the main system (companyAdmin, in the company's own context). */
export function createExternalSystemService(deps: { db: Database; clock: Clock; serverSecret: string }) {
  const { db, clock } = deps;
  const box = createExternalSecretBox(deps.serverSecret);

  return {
    async get(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const row = await externalSystemRepo.findLink(db, ctx.actor.companyId);
      return { link: row ? shown(row) : null };
    },

    /** Saves the link; a typed shared secret replaces the stored one, an empty one keeps it. The secret is never audited nor sent back. */
    async save(ctx: AuthenticatedContext, input: ExternalSystemLinkInput) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      return db.transaction(async (tx) => {
        const before = await externalSystemRepo.findLink(tx, companyId, { forUpdate: true });
        const hasStoredSecret = before?.sharedSecretCiphertext !== null && before?.sharedSecretCiphertext !== undefined;
        const issues: Issue[] = validateExternalSystemLink(input, { hasStoredSecret });
        const issuer = input.issuer.trim();
        if (!issues.some((issue) => issue.path[0] === 'issuer') && (await externalSystemRepo.issuerTakenByOther(tx, companyId, issuer))) {
          issues.push({ path: ['issuer'], code: 'validation.externalSystem.issuerTaken' });
        }
        const publicKeyPem = input.algorithm === 'HS256' ? null : input.public_key_pem.trim();
        if (publicKeyPem !== null && !issues.some((issue) => issue.path[0] === 'public_key_pem')) {
          // The key must be one jose takes for the chosen algorithm (an RSA key for RS256, a P-256 key for ES256).
          await importSPKI(publicKeyPem, input.algorithm).catch(() => issues.push({ path: ['public_key_pem'], code: 'validation.externalSystem.publicKey' }));
        }
        assertNoIssues(issues);
        const sharedSecretCiphertext = input.algorithm !== 'HS256' ? null : input.shared_secret !== '' ? box.seal(input.shared_secret) : before!.sharedSecretCiphertext;
        const row = await externalSystemRepo.saveLink(
          tx,
          companyId,
          { issuer, audience: input.audience.trim(), algorithm: input.algorithm, sharedSecretCiphertext, publicKeyPem, returnUrl: input.return_url.trim(), isEnabled: input.is_enabled },
          clock.now(),
        );
        const link = shown(row);
        await recordAudit(tx, ctx, {
          companyId,
          action: before ? 'externalSystem.update' : 'externalSystem.create',
          entityType: 'externalSystem',
          entityId: companyId,
          before: before ? { ...shown(before), shared_secret_changed: false } : undefined,
          after: { ...link, shared_secret_changed: input.algorithm === 'HS256' && input.shared_secret !== '' },
        });
        return { status: 'ok' as const, link };
      });
    },
  };
}
export type ExternalSystemService = ReturnType<typeof createExternalSystemService>;
