import { formatLocalDateTimeMillis, type Issue } from '@delego/domain';

/** A trip document as another message names it. */
export interface TripReference {
  number: string | null;
  startDate: Date;
  endDate: Date;
}

/**
 * An issue that names another trip document: by its number, or, while it has none yet, by its
 * trip's dates (`YYYY-MM-DD HH:mm`, formatted by the interface) under the `unnumbered` code. People
 * know their trips by number or by dates; an internal id would mean nothing to them.
 */
export function tripReferenceIssue(path: Issue['path'], codes: { numbered: string; unnumbered: string }, trip: TripReference): Issue {
  if (trip.number) return { path, code: codes.numbered, params: { number: trip.number } };
  return { path, code: codes.unnumbered, params: { start: formatLocalDateTimeMillis(trip.startDate.getTime()), end: formatLocalDateTimeMillis(trip.endDate.getTime()) } };
}
