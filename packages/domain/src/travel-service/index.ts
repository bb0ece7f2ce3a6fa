export * from './service-types.ts';
export * from './item-status.ts';
export * from './order-form.ts';
export * from './offers.ts';
export * from './offer-html.ts';
export * from './messages.ts';
