import { describe, expect, it } from 'vitest';
import { allowedMailingActions, deliveryStateOfOutbox, mailingLanguageOf, mailingMessageFor, normaliseMailingRules, validateMailing, validateMailingList } from './mailing-rules.ts';

const texts = { subject_pl: ' Temat ', subject_en: 'Subject', body_pl: 'Treść', body_en: 'Body' };

describe('mailing rules', () => {
  it('keeps each rule once, comparing role names as the roles compare them', () => {
    expect(
      normaliseMailingRules([
        { kind: 'role', role_name: ' Administrator firmy ', company_id: null },
        { kind: 'role', role_name: 'administrator FIRMY', company_id: null },
        { kind: 'role', role_name: 'Administrator firmy', company_id: 3 },
        { kind: 'company', company_id: 3 },
        { kind: 'company', company_id: 3 },
        { kind: 'user', user_id: 7 },
      ]),
    ).toEqual([
      { kind: 'role', role_name: 'Administrator firmy', company_id: null },
      { kind: 'role', role_name: 'Administrator firmy', company_id: 3 },
      { kind: 'company', company_id: 3 },
      { kind: 'user', user_id: 7 },
    ]);
  });

  it('wants a list name, a rule, and a role name in a role rule', () => {
    expect(validateMailingList({ name: 'Lista', rules: [{ kind: 'company', company_id: 1 }] })).toEqual([]);
    expect(validateMailingList({ name: '', rules: [{ kind: 'role', role_name: ' ', company_id: null }] })).toEqual([
      { path: ['name'], code: 'global.error.required' },
      { path: ['rules', 0, 'role_name'], code: 'global.error.required' },
    ]);
    expect(validateMailingList({ name: 'Lista', rules: [] })).toEqual([{ path: ['rules'], code: 'mailing.rulesRequired' }]);
  });

  it('wants a list and both languages’ subject and body', () => {
    expect(validateMailing({ list_id: 1, ...texts })).toEqual([]);
    expect(validateMailing({ list_id: null, ...texts, body_en: '  ' })).toEqual([
      { path: ['list_id'], code: 'global.error.required' },
      { path: ['body_en'], code: 'global.error.required' },
    ]);
  });

  it('refuses a line break inside a subject, which would start another header of the message', () => {
    expect(validateMailing({ list_id: 1, ...texts, subject_en: 'Subject\r\nBcc: everyone@example.test' })).toEqual([{ path: ['subject_en'], code: 'validation.invalidCharacters' }]);
  });

  it('writes to English-speaking users in English and to everyone else in Polish', () => {
    expect(mailingLanguageOf('en-US')).toBe('en');
    expect(mailingLanguageOf('pl-PL')).toBe('pl');
    expect(mailingMessageFor(texts, 'pl')).toEqual({ subject: 'Temat', text: 'Treść' });
    expect(mailingMessageFor(texts, 'en')).toEqual({ subject: 'Subject', text: 'Body' });
  });

  it('lets only a draft change, and follows the outbox message’s state', () => {
    expect(allowedMailingActions('draft')).toEqual(['edit', 'delete', 'send']);
    expect(allowedMailingActions('sending')).toEqual([]);
    expect(['pending', 'sent', 'failed'].map(deliveryStateOfOutbox)).toEqual(['queued', 'sent', 'failed']);
  });
});
