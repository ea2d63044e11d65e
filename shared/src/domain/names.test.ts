import { describe, expect, it } from 'vitest';
import { fullName, nameMatches, textMatches } from './names.ts';

describe('full names', () => {
  it('first and last with one space', () => {
    expect(fullName('Sam', 'Lee')).toBe('Sam Lee');
  });

  it('no trailing or doubled space when a part is empty or padded', () => {
    expect(fullName('Sam', '')).toBe('Sam');
    expect(fullName('Sam', null)).toBe('Sam');
    expect(fullName(' Sam ', ' Lee ')).toBe('Sam Lee');
  });

  it('no first name means no person', () => {
    expect(fullName(null, 'Lee')).toBeNull();
    expect(fullName(undefined, undefined)).toBeNull();
  });
});

describe('nameMatches (the competitors search)', () => {
  it('finds a competitor by the start of either name, in any order, ignoring case and accents', () => {
    expect(nameMatches('Ana', 'Walker', 'ana')).toBe(true);
    expect(nameMatches('Ana', 'Walker', 'WAL')).toBe(true);
    expect(nameMatches('Ana', 'Walker', 'walker, ana')).toBe(true);
    expect(nameMatches('Zoé', 'Côté-Smith', 'zoe smith')).toBe(true);
    expect(nameMatches('Ana', 'Walker', '  ')).toBe(true);
  });

  it('does not match inside a word or on one word only of several', () => {
    expect(nameMatches('Ana', 'Walker', 'alk')).toBe(false);
    expect(nameMatches('Ana', 'Walker', 'ana smith')).toBe(false);
  });
});

describe('textMatches (the results search)', () => {
  it('finds a public name, a school or a title by the start of its words, ignoring case and accents', () => {
    expect(textMatches('Zoé K.', 'zoe k')).toBe(true);
    expect(textMatches('North Dojo', 'dojo')).toBe(true);
    expect(textMatches('Girls 10-11 Intermediate', 'girls 10')).toBe(true);
    expect(textMatches('North Dojo', 'orth')).toBe(false);
    expect(textMatches('North Dojo', '')).toBe(true);
  });
});
