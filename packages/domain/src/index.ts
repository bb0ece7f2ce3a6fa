export * from './common/money.ts';
export * from './common/dates.ts';
export * from './common/errors.ts';
export * from './auth/permissions.ts';
export * from './auth/password-policy.ts';
export * from './auth/ip-allow-list.ts';
export * from './settings/system-settings.ts';
export * from './menu/main-menu.ts';
