import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';
import { optionalPhoneField, phoneField } from './validation.ts';
import { translateText } from '../i18n/message-ref.ts';
import { translatorFor } from '../i18n/translators.ts';

const english = (text = '') => translateText(translatorFor('en'), text);

describe('phone numbers (docs/product.md §5: exactly 10 digits)', () => {
  it.each([
    '7055550142',
    '(705) 555-0142',
    '705-555-0142',
    '705.555.0142',
    '705 555 0142',
    '+1 705 555 0142',
    '1-705-555-0142',
    '+1 (705) 555-0142',
    '  705-555-0142  ',
  ])('accepts %j as the 10 digits 7055550142', (typed) => {
    expect(normalizePhone(typed)).toBe('7055550142');
  });

  it.each([
    '705555014',
    '70555501421',
    '+44 20 7946 0958',
    '705-555-014x',
    'call me',
    '',
    '+7055550142',
    '2-705-555-0142',
    '705_555_0142',
  ])('refuses %j', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });

  it('the required and optional schema fields keep only the digits', () => {
    expect(phoneField().parse('(705) 555-0142')).toBe('7055550142');
    expect(optionalPhoneField().parse('+1 705 555 0142')).toBe('7055550142');
    expect(optionalPhoneField().parse('  ')).toBeNull();
    expect(english(phoneField().safeParse('555-0142').error?.issues[0]?.message)).toBe(
      'Please enter a valid 10 digit phone number',
    );
    expect(english(phoneField().safeParse('').error?.issues[0]?.message)).toBe('Value is required');
  });
});
