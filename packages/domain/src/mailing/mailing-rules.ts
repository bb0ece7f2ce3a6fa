import type { Issue } from '../common/errors.ts';

/**
 * The provider's mailings (spec §2 `/admin/mailing`, §6 manageMailingList): lists of recipients chosen by
 * company, by role within companies or by person, and a message in Polish and English sent through the
 * e-mail outbox, one message per distinct recipient in the recipient's language.
 */
export const MAILING_LIST_NAME_MAX_LENGTH = 200;
export const MAILING_SUBJECT_MAX_LENGTH = 200;
export const MAILING_BODY_MAX_LENGTH = 20_000;
export const MAILING_ROLE_NAME_MAX_LENGTH = 200;
/** Enough for any list a person builds by hand; bounds the recipient query's size. */
export const MAILING_LIST_MAX_RULES = 200;

/**
 * Who a list reaches: every user of a company; the holders of a role (by its name, as each company names its
 * own roles) in one company or, with no company, in every company; or one named person.
 */
export type MailingRecipientRule =
  | { kind: 'company'; company_id: number }
  | { kind: 'role'; role_name: string; company_id: number | null }
  | { kind: 'user'; user_id: number };

export const MAILING_RULE_KINDS = ['company', 'role', 'user'] as const;

export interface MailingListFields {
  name: string;
  rules: MailingRecipientRule[];
}

export const MAILING_STATUSES = ['draft', 'sending', 'sent'] as const;
export type MailingStatus = (typeof MAILING_STATUSES)[number];

export const MAILING_DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;
export type MailingDeliveryState = (typeof MAILING_DELIVERY_STATES)[number];

export type MailingAction = 'edit' | 'delete' | 'send';

export interface MailingFields {
  list_id: number | null;
  subject_pl: string;
  subject_en: string;
  body_pl: string;
  body_en: string;
}

/** A role rule's name compared as the roles' unique index compares them: trimmed, in small letters. */
export function normaliseRoleName(name: string): string {
  return name.trim().toLowerCase();
}

function ruleKey(rule: MailingRecipientRule): string {
  if (rule.kind === 'company') return `company:${rule.company_id}`;
  if (rule.kind === 'user') return `user:${rule.user_id}`;
  return `role:${rule.company_id ?? '*'}:${normaliseRoleName(rule.role_name)}`;
}

/** The rules with role names trimmed and each rule once (a rule given twice reaches nobody new). */
export function normaliseMailingRules(rules: readonly MailingRecipientRule[]): MailingRecipientRule[] {
  const seen = new Set<string>();
  const kept: MailingRecipientRule[] = [];
  for (const rule of rules) {
    const tidy: MailingRecipientRule = rule.kind === 'role' ? { ...rule, role_name: rule.role_name.trim() } : rule;
    const key = ruleKey(tidy);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(tidy);
  }
  return kept;
}

function requiredText(issues: Issue[], path: Issue['path'], value: string, max: number): void {
  if (value.trim() === '') issues.push({ path, code: 'global.error.required' });
  else if (value.length > max) issues.push({ path, code: 'validation.maxLength', params: { max } });
}

/** A list needs a name and at least one rule; a role rule names its role. */
export function validateMailingList(list: MailingListFields): Issue[] {
  const issues: Issue[] = [];
  requiredText(issues, ['name'], list.name, MAILING_LIST_NAME_MAX_LENGTH);
  if (list.rules.length === 0) issues.push({ path: ['rules'], code: 'mailing.rulesRequired' });
  if (list.rules.length > MAILING_LIST_MAX_RULES) issues.push({ path: ['rules'], code: 'mailing.tooManyRules', params: { max: MAILING_LIST_MAX_RULES } });
  list.rules.forEach((rule, index) => {
    if (rule.kind === 'role') requiredText(issues, ['rules', index, 'role_name'], rule.role_name, MAILING_ROLE_NAME_MAX_LENGTH);
  });
  return issues;
}

/** A subject is one header line: a line break in it could start another header of the message. */
function subjectText(issues: Issue[], path: Issue['path'], value: string): void {
  requiredText(issues, path, value, MAILING_SUBJECT_MAX_LENGTH);
  if (/[\r\n]/.test(value.trim())) issues.push({ path, code: 'validation.invalidCharacters' });
}

/** A mailing names its list and has a subject and a body in both languages: each recipient gets one of them. */
export function validateMailing(mailing: MailingFields): Issue[] {
  const issues: Issue[] = [];
  if (mailing.list_id === null) issues.push({ path: ['list_id'], code: 'global.error.required' });
  subjectText(issues, ['subject_pl'], mailing.subject_pl);
  requiredText(issues, ['body_pl'], mailing.body_pl, MAILING_BODY_MAX_LENGTH);
  subjectText(issues, ['subject_en'], mailing.subject_en);
  requiredText(issues, ['body_en'], mailing.body_en, MAILING_BODY_MAX_LENGTH);
  return issues;
}

/** The message language for a user: English for an English-speaking user, Polish for everyone else. */
export function mailingLanguageOf(userLanguage: string): 'pl' | 'en' {
  return userLanguage.toLowerCase().startsWith('en') ? 'en' : 'pl';
}

/** The subject and body a recipient gets in their language. */
export function mailingMessageFor(mailing: Omit<MailingFields, 'list_id'>, language: 'pl' | 'en'): { subject: string; text: string } {
  return language === 'en' ? { subject: mailing.subject_en.trim(), text: mailing.body_en } : { subject: mailing.subject_pl.trim(), text: mailing.body_pl };
}

/** Only a draft changes or is deleted or sent; a mailing on its way or delivered is a record. */
export function allowedMailingActions(status: MailingStatus): MailingAction[] {
  return status === 'draft' ? ['edit', 'delete', 'send'] : [];
}

/** A delivery's state from its outbox message: waiting (retries included), handed to the mail server, or given up. */
export function deliveryStateOfOutbox(outboxStatus: string): MailingDeliveryState {
  if (outboxStatus === 'sent') return 'sent';
  if (outboxStatus === 'failed') return 'failed';
  return 'queued';
}
