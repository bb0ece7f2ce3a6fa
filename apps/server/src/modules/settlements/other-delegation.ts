import { parseLocalDateTimeToMillis, type DelegationForm, type Issue } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import { tripReferenceIssue } from '../../lib/trip-reference.ts';
import { settlementsRepo } from './settlements.repo.ts';

/** Spec §5 'employee has another delegation at that time', naming it by number or, without one, by its dates. */
export const OTHER_DELEGATION_CODES = { numbered: 'delegation.otherDelegationAtThatTime', unnumbered: 'delegation.otherUnnumberedDelegationAtThatTime' };

/**
 * The issue at the start date when another settlement of the employee overlaps the form's trip (one
 * query); none while the dates are incomplete. `ownId` is the settlement being edited, which does not
 * count against itself.
 */
export async function otherDelegationIssues(
  db: Database,
  companyId: number,
  employeeId: number,
  form: Pick<DelegationForm, 'start_date' | 'end_date'>,
  ownId: number | null,
): Promise<Issue[]> {
  const start = form.start_date ? parseLocalDateTimeToMillis(form.start_date) : null;
  const end = form.end_date ? parseLocalDateTimeToMillis(form.end_date) : null;
  if (start === null || end === null || end <= start) return [];
  const others = await settlementsRepo.overlapping(db, companyId, employeeId, new Date(start), new Date(end), ownId);
  return others[0] ? [tripReferenceIssue(['start_date'], OTHER_DELEGATION_CODES, others[0])] : [];
}
