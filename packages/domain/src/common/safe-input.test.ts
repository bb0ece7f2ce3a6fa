import { describe, expect, it } from 'vitest';
import { INT32_MAX, findUnstorableInput, isStorableText } from './safe-input.ts';

describe('findUnstorableInput', () => {
  it('refuses text with a NUL character or a lone surrogate, at its field', () => {
    expect(findUnstorableInput({ name: 'a\u0000b', list: ['ok', '\ud800'], nested: { x: 'y\udfffz' } })).toEqual([
      { path: ['name'], code: 'validation.invalidCharacters' },
      { path: ['list', 1], code: 'validation.invalidCharacters' },
      { path: ['nested', 'x'], code: 'validation.invalidCharacters' },
    ]);
  });

  it('accepts surrogate pairs, Polish letters and emoji', () => {
    expect(isStorableText('Zażółć gęślą jaźń 😀')).toBe(true);
    expect(findUnstorableInput({ note: '😀', '😀': 1 })).toEqual([]);
  });

  it('refuses integers beyond the 32-bit range PostgreSQL integer columns hold', () => {
    expect(findUnstorableInput({ id: INT32_MAX, ok: -5, big: INT32_MAX + 1, huge: 1e308, low: -2147483649 })).toEqual([
      { path: ['big'], code: 'validation.valueOutOfRange' },
      { path: ['huge'], code: 'validation.valueOutOfRange' },
      { path: ['low'], code: 'validation.valueOutOfRange' },
    ]);
  });

  it('refuses a key with a NUL character and nesting deeper than any request needs', () => {
    expect(findUnstorableInput({ 'a\u0000': 1 })).toEqual([{ path: ['a\u0000'], code: 'validation.invalidCharacters' }]);
    let deep: unknown = 1;
    for (let level = 0; level < 100; level += 1) deep = [deep];
    expect(findUnstorableInput(deep)).toHaveLength(1);
  });
});
