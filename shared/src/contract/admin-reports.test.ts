import { describe, expect, it } from 'vitest';
import { ageBand, competitorsQueryString } from './admin-reports.ts';
import { translateText } from '../i18n/message-ref.ts';
import { translatorFor } from '../i18n/translators.ts';

describe('age bands on tournament day', () => {
  it.each([
    [4, '7 and under'],
    [7, '7 and under'],
    [8, '8-12'],
    [12, '8-12'],
    [13, '13-17'],
    [17, '13-17'],
    [18, '18-34'],
    [34, '18-34'],
    [35, '35 and over'],
    [71, '35 and over'],
  ])('a competitor aged %i counts as %s', (age, band) => {
    expect(translateText(translatorFor('en'), ageBand(age))).toBe(band);
  });
});

describe('the competitors filter in the address', () => {
  it('keeps only the filters given', () => {
    expect(competitorsQueryString({})).toBe('');
    expect(competitorsQueryString({ gender: '2', minAge: 8, checkedIn: undefined })).toBe('?gender=2&minAge=8');
  });
});
