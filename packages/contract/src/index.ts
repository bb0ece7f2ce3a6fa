export * from './define-endpoint.ts';
export * from './auth.ts';
