import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../domain/messages.ts';
import { fieldErrors } from '../domain/validation.ts';
import { ContactMessageSchema } from './public.ts';
import { errorText } from './errors.ts';
import { english } from '../testing/english.ts';

const valid = {
  firstName: 'Kim',
  lastName: 'Lavoie',
  email: 'kim@example.com',
  phone: '7055550123',
  message: 'When does sparring start?',
};
const errorsOf = (body: unknown) => {
  const r = ContactMessageSchema.safeParse(body);
  return r.success ? {} : fieldErrors(r.error);
};

describe('contact message rules (docs/product.md §5)', () => {
  it('accepts a complete message and trims every field', () => {
    const r = ContactMessageSchema.parse({
      firstName: '  Kim ',
      lastName: ' Lavoie',
      email: ' kim@example.com ',
      phone: ' 7055550123 ',
      message: '  Hello  ',
    });
    expect(r).toEqual({ ...valid, message: 'Hello' });
  });

  it.each(['firstName', 'lastName', 'email', 'message'] as const)(
    'requires %s ("Value is required")',
    (field) => {
      expect(errorsOf({ ...valid, [field]: undefined })).toEqual({ [field]: MESSAGES.required });
      expect(errorsOf({ ...valid, [field]: '' })).toEqual({ [field]: MESSAGES.required });
      // Strings are trimmed first: blanks are missing.
      expect(errorsOf({ ...valid, [field]: '   ' })).toEqual({ [field]: MESSAGES.required });
    },
  );

  it('reports every missing field at once', () => {
    expect(errorsOf({})).toEqual({
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      email: MESSAGES.required,
      message: MESSAGES.required,
    });
  });

  it.each(['kim', 'kim@', '@example.com', 'kim@example', 'kim example@x.ca'])(
    'rejects the e-mail %j ("Value is not a valid email address")',
    (email) => {
      expect(errorsOf({ ...valid, email })).toEqual({ email: MESSAGES.email });
    },
  );

  it('makes the phone optional: absent, null or blank means none', () => {
    expect(ContactMessageSchema.parse({ ...valid, phone: undefined }).phone).toBeNull();
    expect(ContactMessageSchema.parse({ ...valid, phone: null }).phone).toBeNull();
    expect(ContactMessageSchema.parse({ ...valid, phone: '' }).phone).toBeNull();
    expect(ContactMessageSchema.parse({ ...valid, phone: '   ' }).phone).toBeNull();
  });

  it.each(['705555012', '70555501234', 'abcdefghij', '705555012x'])(
    'rejects the phone %j unless exactly 10 digits ("Please enter a valid 10 digit phone number")',
    (phone) => {
      expect(errorsOf({ ...valid, phone })).toEqual({ phone: MESSAGES.phone });
      expect(english(MESSAGES.phone)).toBe('Please enter a valid 10 digit phone number');
    },
  );

  it('rejects a non-string field with the field-level message', () => {
    expect(errorsOf({ ...valid, firstName: 42 })).toEqual({ firstName: MESSAGES.required });
  });
});

describe('error text (docs/product.md §8)', () => {
  it('shows the message, else the joined field errors, else the generic text with the status', () => {
    expect(errorText(400, { message: 'Nope.' })).toBe('Nope.');
    expect(errorText(400, { errors: { a: 'First.', b: 'Second.' } })).toBe('First. Second.');
    expect(errorText(502, undefined, english)).toBe(
      '(502) Something went wrong, please try again later or contact us for help.',
    );
    expect(errorText(500, { errors: {} })).toBe(MESSAGES.somethingWrong(500));
    expect(errorText(400, { errors: { a: MESSAGES.required, b: MESSAGES.phone } }, english)).toBe(
      'Value is required Please enter a valid 10 digit phone number',
    );
  });
});
