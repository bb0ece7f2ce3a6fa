export * from './define-endpoint.ts';
export * from './auth.ts';
export * from './exchange-rates.ts';
export * from './health.ts';
export * from './paging.ts';
export * from './settlement-calculation.ts';
