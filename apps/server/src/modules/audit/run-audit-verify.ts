import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from '../../db/open-configured.ts';
import { verifyAuditChains, type ChainReport } from './audit-chain.repo.ts';

const REASONS: Record<NonNullable<ChainReport['firstBreak']>['reason'], string> = {
  altered: 'was altered (its content no longer gives its hash)',
  previousMissing: 'does not follow the row before it (a row before it was removed or rewritten)',
  endMissing: 'is missing: the chain ends before its recorded head (its last rows were removed)',
};

function chainName(report: ChainReport): string {
  return report.companyId === null ? 'rows of no company' : `company ${report.companyCode ?? '(removed)'} (id ${report.companyId})`;
}

/**
 * `npm run audit:verify`: recomputes every company's audit chain on the configured database (as the server
 * would open it) and names the first altered row of each broken chain. Exit code 0 when every chain is
 * unbroken, 1 otherwise. The head hashes it prints can be written down elsewhere to anchor the chains.
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  // An older database gets the chain (its rows linked in the order written) as the server's next start would.
  await database.migrate();
  const reports = await verifyAuditChains(database.db);
  const broken = reports.filter((report) => report.firstBreak);
  for (const report of reports) {
    const { firstBreak } = report;
    if (!firstBreak) {
      console.log(`ok      ${chainName(report)}: ${report.rows} rows, head ${report.headHash}`);
    } else {
      const row = firstBreak.auditId === null ? `row no. ${firstBreak.seq}` : `row id ${firstBreak.auditId} (no. ${firstBreak.seq} of the chain)`;
      console.log(`BROKEN  ${chainName(report)}: ${row} ${REASONS[firstBreak.reason]}`);
    }
  }
  const rows = reports.reduce((sum, report) => sum + report.rows, 0);
  console.log(broken.length === 0 ? `Audit chain unbroken: ${rows} rows in ${reports.length} chains.` : `Audit chain broken in ${broken.length} of ${reports.length} chains.`);
  process.exitCode = broken.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
