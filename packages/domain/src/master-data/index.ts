/** Company master data: the rules both the settings screens and the server apply. */
export * from './contractor.ts';
export * from './custom-page.ts';
export * from './delegation-task.ts';
export * from './mail-subject.ts';
export * from './organisation-structure.ts';
export * from './page-language.ts';
export * from './rich-text.ts';
export * from './tax-id.ts';
export * from './travel-parameters.ts';
export * from './vehicle.ts';
