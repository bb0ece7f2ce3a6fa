import { describe, expect, it } from 'vitest';
import {
  formatDocumentNumber,
  isNationalSeparated,
  needsOrderNumber,
  numberPeriodKey,
  numberScopeKey,
  OrderNumberMissingError,
  parseNumberMask,
  previewDocumentNumbers,
  sequenceOfNumber,
  usesCounter,
  validateNumberTemplate,
  type NumberTemplateInput,
} from './number-template.ts';

const domestic = { date: '2026-03-05', isForeign: false };
const foreign = { date: '2026-03-05', isForeign: true };
const codes = (input: Partial<NumberTemplateInput> & Pick<NumberTemplateInput, 'mask'>) =>
  validateNumberTemplate({ document_type: 'delegationOrder', reset_type: 'static', ...input }).map((issue) => issue.code);

describe('mask tags', () => {
  it.each([
    ['[YYYY]', '2026'],
    ['[YY]', '26'],
    ['[MM]', '03'],
    ['[M]', '3'],
    ['[DD]', '05'],
    ['[D]', '5'],
    ['[N]', '7'],
    ['[0N]', '07'],
    ['[00N]', '007'],
    ['[000N]', '0007'],
  ])('%s prints %s', (mask, expected) => {
    expect(formatDocumentNumber(mask, domestic, 7)).toBe(expected);
  });

  it('prints two-digit days and months without padding them further', () => {
    expect(formatDocumentNumber('[D].[M]|[DD].[MM]', { date: '2026-11-28', isForeign: false }, 1)).toBe('28.11|28.11');
  });

  it('pads the number to a fixed width and prints longer numbers whole', () => {
    expect(formatDocumentNumber('[0N]', domestic, 12)).toBe('12');
    expect(formatDocumentNumber('[000N]', domestic, 12345)).toBe('12345');
  });

  it('prints K for a domestic and Z for a foreign trip', () => {
    expect(formatDocumentNumber('D[KZ]/[N]', domestic, 1)).toBe('DK/1');
    expect(formatDocumentNumber('D[KZ]/[N]', foreign, 1)).toBe('DZ/1');
  });

  it("copies the linked order's number", () => {
    expect(formatDocumentNumber('R/[ORDER]', { ...domestic, orderNumber: 'PW/4/2026' }, 1)).toBe('R/PW/4/2026');
    expect(() => formatDocumentNumber('R/[ORDER]', domestic, 1)).toThrow(OrderNumberMissingError);
  });

  it('keeps literal text around the tags', () => {
    expect(formatDocumentNumber('DEL-[YY][MM]-[000N] x', domestic, 42)).toBe('DEL-2603-0042 x');
  });

  it('parses text and tags and reports unknown and unclosed tags', () => {
    expect(parseNumberMask('A[N]/[YYYY]').parts).toEqual([
      { kind: 'text', text: 'A' },
      { kind: 'tag', tag: 'N' },
      { kind: 'text', text: '/' },
      { kind: 'tag', tag: 'YYYY' },
    ]);
    expect(parseNumberMask('[X]/[N').issues.map((issue) => issue.code)).toEqual(['numbering.mask.unknownTag', 'numbering.mask.unclosedTag']);
    expect(parseNumberMask('[X]').issues[0]?.params).toEqual({ tag: '[X]' });
    expect(parseNumberMask('N]').issues[0]?.code).toBe('numbering.mask.unexpectedBracket');
    expect(parseNumberMask('[yyyy]').issues[0]?.code).toBe('numbering.mask.unknownTag');
  });
});

describe('template rules (spec §5)', () => {
  it('accepts a complete mask', () => {
    expect(codes({ mask: 'PW/[N]/[YYYY]', reset_type: 'yearly' })).toEqual([]);
  });

  it('requires a mask', () => {
    expect(validateNumberTemplate({ document_type: 'delegation', reset_type: 'static', mask: '  ' })).toEqual([{ path: ['mask'], code: 'global.error.required' }]);
  });

  it('requires a number tag, and only one', () => {
    expect(codes({ mask: 'PW/[YYYY]' })).toEqual(['numbering.mask.numberTagRequired']);
    expect(codes({ mask: '[N]/[00N]' })).toEqual(['numbering.mask.singleNumberTag']);
  });

  it('requires a year tag with a yearly reset', () => {
    expect(codes({ mask: '[N]', reset_type: 'yearly' })).toEqual(['numbering.mask.yearTagRequired']);
    expect(codes({ mask: '[N]/[YY]', reset_type: 'yearly' })).toEqual([]);
  });

  it('requires a month tag (and a year tag) with a monthly reset', () => {
    expect(codes({ mask: '[N]/[YYYY]', reset_type: 'monthly' })).toEqual(['numbering.mask.monthTagRequired']);
    expect(codes({ mask: '[N]/[MM]', reset_type: 'monthly' })).toEqual(['numbering.mask.yearTagRequired']);
    expect(codes({ mask: '[N]/[M]/[YYYY]', reset_type: 'monthly' })).toEqual([]);
  });

  it('requires the domestic/foreign tag with the national-separated types', () => {
    expect(codes({ mask: '[N]', reset_type: 'staticNationalSeparated' })).toEqual(['numbering.mask.nationalTagRequired']);
    expect(codes({ mask: '[N]/[YYYY]', reset_type: 'yearlyNationalSeparated' })).toEqual(['numbering.mask.nationalTagRequired']);
    expect(codes({ mask: '[KZ]/[N]/[MM]/[YYYY]', reset_type: 'monthlyNationalSeparated' })).toEqual([]);
  });

  it('lets [ORDER] stand in for the number tag, on settlements only', () => {
    expect(codes({ mask: 'R/[ORDER]', document_type: 'delegation' })).toEqual([]);
    expect(codes({ mask: 'R/[ORDER]', document_type: 'delegationOrder' })).toEqual(['numbering.mask.orderTagOnlyForDelegation']);
  });

  it('limits the mask and description length', () => {
    expect(codes({ mask: `${'A'.repeat(60)}[N]` })).toEqual(['numbering.mask.tooLong']);
    const long = validateNumberTemplate({ document_type: 'delegation', reset_type: 'static', mask: '[N]', description: 'x'.repeat(501) });
    expect(long).toEqual([{ path: ['description'], code: 'numbering.descriptionTooLong', params: { max: 500 } }]);
  });

  it('reports syntax problems of the mask', () => {
    expect(codes({ mask: '[N]/[ROK]' })).toEqual(['numbering.mask.unknownTag']);
  });
});

describe('period and scope of a number', () => {
  const template = (reset_type: NumberTemplateInput['reset_type'], mask = '[KZ][N][D][M][YYYY]') => ({ reset_type, mask });

  it('never restarts a static counter', () => {
    expect(numberPeriodKey(template('static'), '2026-03-05')).toBe('all');
    expect(numberPeriodKey(template('staticNationalSeparated'), '2027-01-01')).toBe('all');
  });

  it('restarts yearly and monthly counters with the year and month', () => {
    expect(numberPeriodKey(template('yearly'), '2026-03-05')).toBe('2026');
    expect(numberPeriodKey(template('yearlyNationalSeparated'), '2026-12-31')).toBe('2026');
    expect(numberPeriodKey(template('monthly'), '2026-03-05')).toBe('2026-03');
    expect(numberPeriodKey(template('monthlyNationalSeparated'), '2026-04-01')).toBe('2026-04');
  });

  it('derives the period of basedOnMask from the date tags the mask prints', () => {
    expect(numberPeriodKey(template('basedOnMask', '[N]'), '2026-03-05')).toBe('all');
    expect(numberPeriodKey(template('basedOnMask', '[N]/[YY]'), '2026-03-05')).toBe('Y2026');
    expect(numberPeriodKey(template('basedOnMask', '[N]/[MM]/[YYYY]'), '2026-03-05')).toBe('Y2026-M03');
    expect(numberPeriodKey(template('basedOnMask', '[N]/[D]/[M]/[YYYY]'), '2026-03-05')).toBe('Y2026-M03-D05');
    // A mask that prints only the day counts on across months on that day's counter: still unique.
    expect(numberPeriodKey(template('basedOnMask', '[D]/[N]'), '2026-03-05')).toBe('D05');
  });

  it('separates domestic and foreign numbers for the national-separated types and a basedOnMask [KZ] mask', () => {
    expect(numberScopeKey(template('yearlyNationalSeparated'), false)).toBe('domestic');
    expect(numberScopeKey(template('monthlyNationalSeparated'), true)).toBe('foreign');
    expect(numberScopeKey(template('staticNationalSeparated'), true)).toBe('foreign');
    expect(numberScopeKey(template('basedOnMask', '[KZ]/[N]'), true)).toBe('foreign');
    expect(numberScopeKey(template('basedOnMask', '[N]'), true)).toBe('all');
    expect(numberScopeKey(template('yearly'), true)).toBe('all');
    expect(isNationalSeparated(template('monthly'))).toBe(false);
  });

  it('knows whether a mask keeps a counter or needs the order number', () => {
    expect(usesCounter('[0N]/[YYYY]')).toBe(true);
    expect(usesCounter('R/[ORDER]')).toBe(false);
    expect(needsOrderNumber('R/[ORDER]')).toBe(true);
    expect(needsOrderNumber('[N]')).toBe(false);
  });
});

describe('preview', () => {
  const template: NumberTemplateInput = { document_type: 'delegation', reset_type: 'yearlyNationalSeparated', mask: 'D[KZ]/[00N]/[YYYY]' };

  it('shows the next three numbers of a new template', () => {
    expect(previewDocumentNumbers(template, domestic)).toEqual(['DK/001/2026', 'DK/002/2026', 'DK/003/2026']);
    expect(previewDocumentNumbers(template, foreign)).toEqual(['DZ/001/2026', 'DZ/002/2026', 'DZ/003/2026']);
  });

  it('continues from the counter of the same period and scope', () => {
    const counters = [
      { period_key: '2026', scope_key: 'foreign', last_value: 9 },
      { period_key: '2025', scope_key: 'domestic', last_value: 40 },
    ];
    expect(previewDocumentNumbers(template, foreign, { counters, count: 2 })).toEqual(['DZ/010/2026', 'DZ/011/2026']);
    expect(previewDocumentNumbers(template, domestic, { counters, count: 1 })).toEqual(['DK/001/2026']);
  });

  it('shows nothing for an invalid mask or date, and one number for an [ORDER] mask', () => {
    expect(previewDocumentNumbers({ ...template, mask: '[YYYY]' }, domestic)).toBeNull();
    expect(previewDocumentNumbers(template, { date: '2026-02-30', isForeign: false })).toBeNull();
    const order: NumberTemplateInput = { document_type: 'delegation', reset_type: 'static', mask: 'R/[ORDER]' };
    expect(previewDocumentNumbers(order, { ...domestic, orderNumber: 'PW/1/2026' })).toEqual(['R/PW/1/2026']);
    expect(previewDocumentNumbers(order, domestic)).toBeNull();
  });
});

describe('sequenceOfNumber', () => {
  it('reads the counter value of a number that follows the mask in the document\'s period and scope', () => {
    expect(sequenceOfNumber('D[KZ]/[0N]/[MM]/[YYYY]', domestic, 'DK/07/03/2026')).toBe(7);
    expect(sequenceOfNumber('D[KZ]/[0N]/[MM]/[YYYY]', domestic, 'DK/123/03/2026')).toBe(123);
    expect(sequenceOfNumber('R/[ORDER]/[N]', { ...domestic, orderNumber: 'PW/4/2026' }, 'R/PW/4/2026/2')).toBe(2);
    expect(sequenceOfNumber('A.[N]', domestic, 'A.5')).toBe(5);
  });

  it('leaves out numbers of another period, label or padding, free text and masks without a counter', () => {
    expect(sequenceOfNumber('D[KZ]/[0N]/[MM]/[YYYY]', domestic, 'DZ/07/03/2026')).toBeNull();
    expect(sequenceOfNumber('D[KZ]/[0N]/[MM]/[YYYY]', domestic, 'DK/07/04/2026')).toBeNull();
    expect(sequenceOfNumber('D[KZ]/[0N]/[MM]/[YYYY]', domestic, 'DK/7/03/2026')).toBeNull();
    expect(sequenceOfNumber('A.[N]', domestic, 'AX5')).toBeNull();
    expect(sequenceOfNumber('A.[N]', domestic, 'A.0')).toBeNull();
    expect(sequenceOfNumber('R/[ORDER]', { ...domestic, orderNumber: 'PW/4/2026' }, 'R/PW/4/2026')).toBeNull();
    expect(sequenceOfNumber('R/[ORDER]/[N]', domestic, 'R/PW/4/2026/2')).toBeNull();
  });
});
