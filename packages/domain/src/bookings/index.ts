export * from './booking.ts';
export * from './booking-import.ts';
export * from './invoice.ts';
export * from './invoice-matching.ts';
export * from './booking-reports.ts';
