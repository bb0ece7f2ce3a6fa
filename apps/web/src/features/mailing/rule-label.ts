import type { TFunction } from 'i18next';
import type { MailingRuleView } from '@delego/contract';

/** How a list's rule reads: "Firma: Beta", "Rola: Administrator firmy – wszystkie firmy", "Osoba: Jan Nowak". */
export function ruleLabel(t: TFunction<'mailing'>, rule: MailingRuleView): string {
  if (rule.kind === 'company') return t('rules.company', { name: rule.company_name ?? '' });
  if (rule.kind === 'user') return t('rules.user', { name: rule.user_name ?? '', email: rule.user_email ?? '' });
  return rule.company_id === null ? t('rules.roleEverywhere', { role: rule.role_name ?? '' }) : t('rules.roleInCompany', { role: rule.role_name ?? '', company: rule.company_name ?? '' });
}
