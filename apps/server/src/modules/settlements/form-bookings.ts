import type { DelegationForm, Issue } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import { settlementsRepo } from './settlements.repo.ts';

/** A form's id as a row id; anything that is not a positive whole number names nothing. */
export function idOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

export type BookingFields = Pick<DelegationForm, 'transport' | 'country' | 'booking'>;

/** Every booking the form names, with the field naming it. */
export function bookingReferencesOf(form: BookingFields): { id: string; path: (string | number)[] }[] {
  const references: { id: string; path: (string | number)[] }[] = [];
  const add = (value: string | number | null | undefined, path: (string | number)[]) => {
    if (value !== null && value !== undefined && value !== '') references.push({ id: String(value), path });
  };
  form.transport.forEach((segment, index) => add(segment.booking_id, ['transport', index, 'booking_id']));
  form.country.forEach((part, partIndex) => part.accommodation.forEach((entry, index) => add(entry.booking_id, ['country', partIndex, 'accommodation', index, 'booking_id'])));
  (form.booking ?? []).forEach((booking, index) => add(booking.booking_id, ['booking', index, 'booking_id']));
  return references;
}

/**
 * Spec §5 'a booking can be attached once': the issue at every field naming a booking that another
 * settlement (not deleted, not `ownId`, the one being edited) holds, by its number when it has one.
 * One query, none when the form names no booking. The save and the form change both ask this.
 */
export async function bookingsTakenElsewhereIssues(db: Database, companyId: number, form: BookingFields, ownId: number | null): Promise<Issue[]> {
  const references = bookingReferencesOf(form);
  const ids = [...new Set(references.map((reference) => idOf(reference.id)).filter((id): id is number => id !== null))];
  if (ids.length === 0) return [];
  const taken = await settlementsRepo.bookingsTakenElsewhere(db, companyId, ids, ownId);
  return references.flatMap((reference): Issue[] => {
    const holder = taken.find((row) => row.bookingId === idOf(reference.id));
    if (!holder) return [];
    return [holder.number ? { path: reference.path, code: 'delegation.bookingAlreadyAttached', params: { number: holder.number } } : { path: reference.path, code: 'delegation.bookingAlreadyAttached' }];
  });
}
