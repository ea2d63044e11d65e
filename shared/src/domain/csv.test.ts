import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('CSV cells', () => {
  it('a cell a spreadsheet would run as a formula is shown as text', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvField(s).replace(/^"|"$/g, '')).toBe(`'${s}`);
    }
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('an equals sign or minus inside text, and a negative number, stay as they are', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('Lee-Smith')).toBe('Lee-Smith');
    expect(csvField(-5)).toBe('-5');
  });

  it('a cell with a comma, quote or line break is quoted, with its quotes doubled', () => {
    expect(csvField('Lee, "Tiger"')).toBe('"Lee, ""Tiger"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain')).toBe('plain');
  });

  it('null, undefined and booleans', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
  });
});

describe('CSV files', () => {
  it('a header line, then one CRLF-ended line per row', () => {
    expect(toCsv(['Name', 'Age'], [['Sam Lee', 9], ['=cmd', null]])).toBe('Name,Age\r\nSam Lee,9\r\n\'=cmd,\r\n');
  });

  it('no rows gives the header alone', () => {
    expect(toCsv(['Name'], [])).toBe('Name\r\n');
  });
});
