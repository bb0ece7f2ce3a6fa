export * from './companies.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './rates.ts';
export * from './organisation.ts';
export * from './trips.ts';
export * from './settlement-bookings.ts';
