import { describe, expect, it } from 'vitest';
import { ContactMessageSchema } from '../contract/public.ts';
import { CompetitorFieldsSchema } from './competitor.ts';
import { fieldErrors } from './validation.ts';
import { freeText, machineText, TEXT_MESSAGES, textProblem } from './text.ts';

// Free text keeps what people write (accents, other scripts, emoji, punctuation) and refuses
// what PostgreSQL cannot store or what misleads a reader of the public results.

describe('free text', () => {
  it('keeps accents, other scripts, emoji and ordinary punctuation', () => {
    for (const name of [
      'Zoë Lévesque-Ouellette',
      "O'Brien, Jr.",
      'Nguyễn Thị Minh Khai',
      '李小龍',
      'محمد علي',
      'Dojo “Tiger” & Crane (Elliot Lake) #2 🥋',
      'Sainte-Thérèse — 100% ½',
    ]) {
      expect(freeText(200).safeParse(name)).toEqual({ success: true, data: name });
    }
  });

  it('refuses NUL and other control characters, saying so', () => {
    for (const value of ['Ana\u0000Lee', 'Ana\u0007Lee', 'Ana\u001bLee', 'Ana\u007fLee', 'Ana\u0085Lee'])
      expect(textProblem(value), JSON.stringify(value)).toBe(TEXT_MESSAGES.control);
  });

  it('refuses the bidi embeddings, overrides and isolates that reverse a name on the results', () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ])
      expect(textProblem(`Ana${c}Lee`)).toBe(TEXT_MESSAGES.direction);
  });

  it('keeps one line in a one-line field, and line breaks and tabs in a multi-line one', () => {
    expect(textProblem('Ana\nLee')).toBe(TEXT_MESSAGES.lineBreak);
    expect(textProblem('Ana\r\nLee')).toBe(TEXT_MESSAGES.lineBreak);
    expect(textProblem('Ana\tLee')).toBe(TEXT_MESSAGES.control);
    expect(textProblem('Dear families,\r\n\tsee you Saturday.\n', { multiline: true })).toBeUndefined();
    expect(textProblem('Ana\u0000\nLee', { multiline: true })).toBe(TEXT_MESSAGES.control);
    // Spaces and line breaks around a value are trimmed before it is judged.
    expect(freeText(10).parse('  Ana Lee\n')).toBe('Ana Lee');
  });

  it('refuses a text shaped like a message reference, which would show as the catalog’s text', () => {
    expect(textProblem('i18n:receipt.title.voided')).toBe(TEXT_MESSAGES.notValid);
    expect(textProblem('Sam i18n: fan')).toBeUndefined();
  });

  it('refuses half a surrogate pair, which is no character at all', () => {
    expect(textProblem('Ana\ud83eLee')).toBe(TEXT_MESSAGES.broken);
    expect(textProblem('Ana\udd4bLee')).toBe(TEXT_MESSAGES.broken);
    expect(textProblem('Ana\ud83e\udd4bLee')).toBeUndefined();
  });

  it('gives the field its message in a form: the contact form names the field at fault', () => {
    const result = ContactMessageSchema.safeParse({
      firstName: 'Ana\u202eLee',
      lastName: 'Lee',
      email: 'ana@example.com',
      message: 'Hello,\nwhen do doors open?',
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ firstName: TEXT_MESSAGES.direction });
  });

  it('refuses a school with a direction override on a competitor', () => {
    const result = CompetitorFieldsSchema.shape.school.safeParse('\u202eodjoD regiT');
    expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.direction);
  });
});

describe('machine text', () => {
  it('takes printable ASCII and refuses anything else', () => {
    expect(machineText(100).parse(' 2b7e1516-28ae-d2a6 ')).toBe('2b7e1516-28ae-d2a6');
    for (const value of ['a b', 'a\u0000b', 'a\u202eb', 'é', 'x'.repeat(101)])
      expect(machineText(100).safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});
