import { describe, expect, it } from 'vitest';
import { contractorIssues, isPolishPostalCode } from './contractor.ts';
import { customPageAliasIssues } from './custom-page.ts';
import { pageInLanguage } from './page-language.ts';
import { validateTaskComment } from './delegation-task.ts';
import { DEFAULT_TRAVEL_MAIL_SUBJECT, renderTravelMailSubject, travelMailSubjectIssues } from './mail-subject.ts';
import { ancestorIds, organizationUnitDeleteIssues, organizationUnitParentIssues, type OrganizationUnitFacts } from './organisation-structure.ts';
import { isValidNip, normalizeNip } from './tax-id.ts';
import { travelParameterDefinitionIssues, travelParameterValuesIssues } from './travel-parameters.ts';
import { isValidEngineCapacity, normalizePlates, platesKey } from './vehicle.ts';

describe('NIP', () => {
  it('accepts ten digits with a matching checksum, with or without separators and PL prefix', () => {
    expect(isValidNip('5260250274')).toBe(true);
    expect(isValidNip('526-025-02-74')).toBe(true);
    expect(isValidNip('PL 526 025 02 74')).toBe(true);
    expect(normalizeNip('526-02-50-274')).toBe('5260250274');
  });

  it('refuses a wrong checksum, a wrong length and letters', () => {
    expect(isValidNip('5260250275')).toBe(false);
    expect(isValidNip('526025027')).toBe(false);
    expect(isValidNip('52602502741')).toBe(false);
    expect(isValidNip('52602502a4')).toBe(false);
    // Weighted sum modulo 11 equal to 10 never forms a valid NIP.
    expect(isValidNip('0005000000')).toBe(false);
  });
});

describe('contractor fields', () => {
  const base = { tax_id: null, country_code: 'PL', postal_code: null, email: null, phone: null };

  it('checks a Polish NIP and postal code, a foreign VAT id loosely', () => {
    expect(contractorIssues({ ...base, tax_id: '5260250275' })).toEqual([{ path: ['tax_id'], code: 'contractor.nipInvalid' }]);
    expect(contractorIssues({ ...base, country_code: 'DE', tax_id: 'DE 123456789' })).toEqual([]);
    expect(contractorIssues({ ...base, country_code: 'DE', tax_id: '!!' })).toEqual([{ path: ['tax_id'], code: 'contractor.taxIdInvalid' }]);
    expect(contractorIssues({ ...base, postal_code: '00950' })).toEqual([{ path: ['postal_code'], code: 'contractor.postalCodeInvalid' }]);
    expect(isPolishPostalCode('00-950')).toBe(true);
  });

  it('wants a valid e-mail and a complete phone', () => {
    expect(contractorIssues({ ...base, email: 'biuro@', phone: '123 45' })).toEqual([
      { path: ['email'], code: 'validation.email' },
      { path: ['phone'], code: 'validation.phoneIncomplete' },
    ]);
    expect(contractorIssues({ ...base, email: 'biuro@firma.pl', phone: '+48 22 123 45 67' })).toEqual([]);
  });
});

describe('trip reason comment', () => {
  it('needs nothing without the requirement', () => {
    expect(validateTaskComment('none', '')).toEqual([]);
  });

  it("requires a comment of at least 10 characters: 'Pole wymagane', then 'Minimum 10 znaków'", () => {
    expect(validateTaskComment('min10', '  ')).toEqual([{ path: ['task_comment'], code: 'global.error.required' }]);
    expect(validateTaskComment('min10', 'za krótki', ['comment'])).toEqual([{ path: ['comment'], code: 'validation.minLength10' }]);
    expect(validateTaskComment('min10', 'wystarczająco')).toEqual([]);
  });
});

describe('vehicles', () => {
  it('accepts an engine capacity below 9999 cm³ only', () => {
    expect(isValidEngineCapacity(1598)).toBe(true);
    expect(isValidEngineCapacity(9998)).toBe(true);
    expect(isValidEngineCapacity(9999)).toBe(false);
    expect(isValidEngineCapacity(0)).toBe(false);
    expect(isValidEngineCapacity(1598.5)).toBe(false);
  });

  it('normalises plates and compares them without spaces', () => {
    expect(normalizePlates('  wa  12345 ')).toBe('WA 12345');
    expect(platesKey('WA 12345')).toBe(platesKey('wa12345'));
  });
});

describe('organisation structure', () => {
  const units: OrganizationUnitFacts[] = [
    { id: 1, parent_id: null, is_main: true, user_count: 0, child_count: 2 },
    { id: 2, parent_id: 1, is_main: false, user_count: 3, child_count: 1 },
    { id: 3, parent_id: 2, is_main: false, user_count: 0, child_count: 0 },
    { id: 4, parent_id: 1, is_main: false, user_count: 0, child_count: 0 },
  ];
  const unit = (id: number) => units.find((candidate) => candidate.id === id)!;

  it('refuses deleting the main unit, a unit with children and a unit with users', () => {
    expect(organizationUnitDeleteIssues(unit(1))).toEqual([{ path: ['id'], code: 'organizationUnit.mainCannotBeDeleted' }]);
    expect(organizationUnitDeleteIssues(unit(2))).toEqual([
      { path: ['id'], code: 'organizationUnit.hasChildren', params: { count: 1 } },
      { path: ['id'], code: 'organizationUnit.hasUsers', params: { count: 3 } },
    ]);
    expect(organizationUnitDeleteIssues(unit(4))).toEqual([]);
  });

  it('keeps the main unit at the root and every other unit under a parent', () => {
    expect(organizationUnitParentIssues(units, unit(1), null)).toEqual([]);
    expect(organizationUnitParentIssues(units, unit(1), 4)).toEqual([{ path: ['parent_id'], code: 'organizationUnit.mainHasNoParent' }]);
    expect(organizationUnitParentIssues(units, null, null)).toEqual([{ path: ['parent_id'], code: 'global.error.required' }]);
    expect(organizationUnitParentIssues(units, null, 3)).toEqual([]);
  });

  it('does not move a unit with children, nor below itself', () => {
    expect(organizationUnitParentIssues(units, unit(2), 4)).toEqual([{ path: ['parent_id'], code: 'organizationUnit.parentLocked' }]);
    expect(organizationUnitParentIssues(units, unit(2), 1)).toEqual([]);
    expect(organizationUnitParentIssues(units, unit(4), 4)).toEqual([{ path: ['parent_id'], code: 'organizationUnit.cycle' }]);
    expect(organizationUnitParentIssues(units, unit(3), 4)).toEqual([]);
  });

  it('walks the ancestors and stops on a loop', () => {
    expect(ancestorIds(units, 3)).toEqual([2, 1]);
    expect(ancestorIds([{ id: 1, parent_id: 2 }, { id: 2, parent_id: 1 }], 1)).toEqual([2]);
  });
});

describe('custom page alias', () => {
  it('accepts lowercase letters, digits and dashes', () => {
    expect(customPageAliasIssues('zasady-2026')).toEqual([]);
  });

  it('refuses other characters, edge dashes and the fixed delegation-info routes', () => {
    for (const alias of ['Zasady', 'zasady_2026', 'zażółć', '-zasady', 'zasady-', 'a--b', 'a b']) {
      expect(customPageAliasIssues(alias), alias).toEqual([{ path: ['alias'], code: 'customPage.aliasFormat' }]);
    }
    for (const alias of ['vehicle', 'delegation-task', 'delegation-rate', 'exchange-rate', 'trip-policy']) {
      expect(customPageAliasIssues(alias), alias).toEqual([{ path: ['alias'], code: 'customPage.aliasReserved' }]);
    }
    expect(customPageAliasIssues('')).toEqual([{ path: ['alias'], code: 'global.error.required' }]);
  });

  it('shows English readers the English text and Polish where the English is empty', () => {
    const page = { title_pl: 'Zasady', title_en: 'Rules', content_pl: '<p>PL</p>', content_en: '<p><br></p>' };
    expect(pageInLanguage(page, 'en-US')).toEqual({ title: 'Rules', content: '<p>PL</p>' });
    expect(pageInLanguage({ ...page, title_en: ' ' }, 'en-US').title).toBe('Zasady');
    expect(pageInLanguage({ ...page, content_en: '<p>EN</p>' }, 'pl-PL')).toEqual({ title: 'Zasady', content: '<p>PL</p>' });
    expect(pageInLanguage({ ...page, content_en: '<p>EN</p>' }, 'en-US').content).toBe('<p>EN</p>');
  });
});

describe('travel-service additional parameters', () => {
  it('needs options for a select, non-empty and unique', () => {
    expect(travelParameterDefinitionIssues({ type: 'select', options: [], default_value: null })).toEqual([{ path: ['options'], code: 'travelParameter.optionsRequired' }]);
    expect(travelParameterDefinitionIssues({ type: 'select', options: ['A', ' ', 'a'], default_value: null })).toEqual([
      { path: ['options', 1], code: 'global.error.required' },
      { path: ['options', 2], code: 'travelParameter.optionDuplicate' },
    ]);
  });

  it('validates the default value against the type', () => {
    expect(travelParameterDefinitionIssues({ type: 'number', options: [], default_value: '12,5' })).toEqual([{ path: ['default_value'], code: 'validation.number' }]);
    expect(travelParameterDefinitionIssues({ type: 'number', options: [], default_value: '-12.5' })).toEqual([]);
    expect(travelParameterDefinitionIssues({ type: 'select', options: ['A', 'B'], default_value: 'C' })).toEqual([{ path: ['default_value'], code: 'travelParameter.notAnOption' }]);
    expect(travelParameterDefinitionIssues({ type: 'boolean', options: [], default_value: 'yes' })).toEqual([{ path: ['default_value'], code: 'travelParameter.notBoolean' }]);
    expect(travelParameterDefinitionIssues({ type: 'boolean', options: [], default_value: 'true' })).toEqual([]);
    expect(travelParameterDefinitionIssues({ type: 'text', options: [], default_value: '' })).toEqual([]);
  });

  it('checks the values of an order: required ones filled, each of its type', () => {
    const parameters = [
      { id: 1, type: 'text' as const, options: [], is_required: true },
      { id: 2, type: 'number' as const, options: [], is_required: false },
    ];
    expect(travelParameterValuesIssues(parameters, { 1: ' ', 2: 'x' })).toEqual([
      { path: ['additional_parameters', 1], code: 'global.error.required' },
      { path: ['additional_parameters', 2], code: 'validation.number' },
    ]);
    expect(travelParameterValuesIssues(parameters, { 1: 'MPK 7' })).toEqual([]);
  });
});

describe('travel-service mail subject', () => {
  it('accepts the default and the known tags', () => {
    expect(travelMailSubjectIssues(DEFAULT_TRAVEL_MAIL_SUBJECT)).toEqual([]);
    expect(travelMailSubjectIssues('{status} {end_date} {company}')).toEqual([]);
  });

  it('names each unknown tag and reports stray braces', () => {
    expect(travelMailSubjectIssues('{order_number} {hotel} {hotel} {Traveller}')).toEqual([
      { path: ['template'], code: 'travelMailSubject.unknownTag', params: { tag: '{hotel}' } },
      { path: ['template'], code: 'travelMailSubject.unknownTag', params: { tag: '{Traveller}' } },
    ]);
    expect(travelMailSubjectIssues('Zamówienie {order_number')).toEqual([{ path: ['template'], code: 'travelMailSubject.unbalancedBrace' }]);
    expect(travelMailSubjectIssues('a\nb')).toEqual([{ path: ['template'], code: 'travelMailSubject.singleLine' }]);
    expect(travelMailSubjectIssues(' ')).toEqual([{ path: ['template'], code: 'global.error.required' }]);
  });

  it('renders the tags with the values', () => {
    expect(renderTravelMailSubject(DEFAULT_TRAVEL_MAIL_SUBJECT, { order_number: 'TS/7/2026', service_type: 'Lot', traveller: 'Anna Kowalska', start_date: '2026-05-04', destination: 'Berlin' })).toBe(
      'Zamówienie TS/7/2026: Lot – Anna Kowalska, 2026-05-04, Berlin',
    );
    expect(renderTravelMailSubject('{order_number}  {unknown}', {})).toBe('{unknown}');
  });
});
