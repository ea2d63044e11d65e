import { describe, expect, it } from 'vitest';
import { fullName } from './names.ts';

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
