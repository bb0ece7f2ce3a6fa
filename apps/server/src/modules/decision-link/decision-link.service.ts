import { AppError, ErrorCode, formatLocalDateTimeMillis, type DocumentKind } from '@delego/domain';
import type { LinkDecision, LinkDocument } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { LINK_ACTIONS, type TripWorkflow } from '../trip-workflow/trip-workflow.service.ts';
import { decisionLinkRepo } from './decision-link.repo.ts';

const KINDS: DocumentKind[] = ['delegationOrder', 'delegation'];
const localDateTime = (value: Date) => formatLocalDateTimeMillis(value.getTime());
type AdvanceRow = { amountInCurrency: string; currency: string; paymentType: string; paymentDate: string | null };
const advancesOf = (rows: AdvanceRow[]): LinkDocument['advances'] =>
  rows.map((row) => ({ amount_in_currency: row.amountInCurrency, currency: row.currency, payment_type: row.paymentType as LinkDocument['advances'][number]['payment_type'], payment_date: row.paymentDate }));

/**
 * Decisions by one-time e-mail links (integrations §4): opening a link only shows the document
 * and the choice (scanners open links); the decision is a separate submit that runs through the
 * trip workflow as the approver the token names, once.
 */
export function createDecisionLinkService(deps: { db: Database; workflow: TripWorkflow }) {
  const { db, workflow } = deps;

  /** The token's kind and state; a token is valid for one kind only (its purpose). */
  async function find(token: string) {
    for (const kind of KINDS) {
      const peek = await workflow.peekLink(kind, token);
      if (peek.state !== 'notFound') return { kind, peek };
    }
    return null;
  }

  async function documentOf(kind: DocumentKind, companyId: number, id: number): Promise<LinkDocument | null> {
    if (kind === 'delegationOrder') {
      const found = await decisionLinkRepo.order(db, companyId, id);
      if (!found) return null;
      const { order } = found;
      return {
        kind,
        id: order.id,
        number: order.number,
        status: order.status,
        employee_name: `${found.employeeName} ${found.employeeSurname}`,
        start_date: localDateTime(order.startDate),
        end_date: localDateTime(order.endDate),
        destination: order.destinationText?.trim() || order.destinations.map((destination) => `${destination.place_text} (${destination.country_code})`).join(', '),
        purpose: found.taskName ?? order.task,
        description: found.taskName ? (order.task ?? order.addDescription) : order.addDescription,
        estimated_total_cost: order.estimatedTotalCost,
        advances: advancesOf(found.advances),
      };
    }
    const found = await decisionLinkRepo.settlement(db, companyId, id);
    if (!found) return null;
    const { settlement } = found;
    return {
      kind,
      id: settlement.id,
      number: settlement.number,
      status: settlement.status,
      employee_name: `${found.employeeName} ${found.employeeSurname}`,
      start_date: localDateTime(settlement.startDate),
      end_date: localDateTime(settlement.endDate),
      destination: settlement.destinationText ?? '',
      purpose: found.taskName ?? settlement.task,
      description: found.taskName ? settlement.task : null,
      estimated_total_cost: settlement.totalPln,
      advances: advancesOf(found.advances),
    };
  }

  return {
    async peek(token: string) {
      const found = await find(token);
      if (!found) return { state: 'notFound' as const };
      const { kind, peek } = found;
      if (peek.state !== 'valid') return { state: peek.state };
      const document = await documentOf(kind, peek.row.companyId, peek.row.id);
      if (!document) return { state: 'notFound' as const };
      return { state: 'valid' as const, approver_name: `${peek.approver.name} ${peek.approver.surname}`, document, decisions: [...LINK_ACTIONS] };
    },

    async decide(ctx: RequestContext, body: { token: string; decision: LinkDecision; comment?: string }) {
      const found = await find(body.token);
      if (!found) throw new AppError(ErrorCode.tokenNotFound, { messages: ['Link invalid'] });
      const { kind, peek } = found;
      if (peek.state === 'used') throw new AppError(ErrorCode.tokenUsed, { messages: ['Action already executed'] });
      if (peek.state === 'expired') throw new AppError(ErrorCode.tokenExpired, { messages: ['URL expired'] });
      // The workflow checks the token again under the document's lock and spends it with the decision.
      const result = await workflow.transition({ ...ctx, link: { token: body.token } }, kind, peek.row.id, body.decision, { comment: body.comment, channel: 'emailLink' });
      return { status: 'OK' as const, document_status: result.status, number: result.number };
    },
  };
}

export type DecisionLinkService = ReturnType<typeof createDecisionLinkService>;
