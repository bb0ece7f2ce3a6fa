import { parseLocalDateTimeToMillis, type DelegationForm, type Issue } from '@delego/domain';
import { createChangeNotifiedCache } from '../../db/change-notified-cache.ts';
import type { Database, DatabaseChanges } from '../../db/client.ts';
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

/** The channel of migration 0031: a statement changed settlements of the employee named `companyId:userId`. */
export const EMPLOYEE_TRIPS_CHANGED_CHANNEL = 'delego_employee_trips_changed';

/** Employees whose answers are kept at once, and answers kept per employee (the dates typed last). */
const MAX_EMPLOYEES = 10_000;
const MAX_ANSWERS_PER_EMPLOYEE = 8;

/**
 * `otherDelegationIssues` for the settlement form while the user types (`form-field-changed`), whose dates
 * rarely change between calls. Each employee's answers are kept until a statement changes any of their
 * settlements (ADR 0044), so a recalculation reads nothing. On a PostgreSQL server the notification comes
 * moments after the commit, and for that moment the form may still say what was true before (ADR 0048):
 * it is advice, and the save checks again, under the employee's lock.
 */
export function createOtherDelegationCheck(db: Database, changes: DatabaseChanges | undefined) {
  const answers = createChangeNotifiedCache<readonly Issue[]>(changes, {
    channels: { [EMPLOYEE_TRIPS_CHANGED_CHANNEL]: (employee) => employee },
    maxGroups: MAX_EMPLOYEES,
    maxKeysPerGroup: MAX_ANSWERS_PER_EMPLOYEE,
  });
  return {
    issues: (companyId: number, employeeId: number, form: Pick<DelegationForm, 'start_date' | 'end_date'>, ownId: number | null): Promise<readonly Issue[]> =>
      answers.get(`${companyId}:${employeeId}`, `${form.start_date}|${form.end_date}|${ownId}`, async () =>
        Object.freeze((await otherDelegationIssues(db, companyId, employeeId, form, ownId)).map((issue) => Object.freeze(issue))),
      ),
    started: answers.started,
    stop: () => answers.stop(),
  };
}
