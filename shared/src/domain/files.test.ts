import { describe, expect, it } from 'vitest';
import { translateText } from '../i18n/message-ref.ts';
import { translatorFor } from '../i18n/translators.ts';
import {
  displayFileName,
  downloadFileName,
  FILE_MESSAGES,
  formatFileSize,
  MAX_FILE_NAME_LENGTH,
} from './files.ts';

describe('the name a shared file is shown under', () => {
  it('keeps an ordinary name, trimmed and in one Unicode form', () => {
    expect(displayFileName('  Maya waiver.pdf ')).toEqual({ ok: true, name: 'Maya waiver.pdf' });
    expect(displayFileName('Re\u0300glements.pdf')).toEqual({ ok: true, name: 'Règlements.pdf' });
  });

  it('refuses a folder path, whichever way its slashes lean', () => {
    for (const name of ['../../x.pdf', 'a/b.pdf', 'C:\\Users\\pat\\waiver.pdf', '..', '.']) {
      expect(displayFileName(name), name).toEqual({ ok: false, message: FILE_MESSAGES.pathInName });
    }
  });

  it('refuses control characters and the direction marks that disguise "fdp.exe" as "exe.pdf"', () => {
    expect(displayFileName('waiver\u202Efdp.exe')).toEqual({ ok: false, message: FILE_MESSAGES.badName });
    expect(displayFileName('a\nb.pdf')).toEqual({ ok: false, message: FILE_MESSAGES.badName });
  });

  it('refuses a name over the length limit rather than cutting it', () => {
    expect(displayFileName(`${'a'.repeat(MAX_FILE_NAME_LENGTH - 4)}.pdf`).ok).toBe(true);
    expect(displayFileName(`${'a'.repeat(MAX_FILE_NAME_LENGTH - 3)}.pdf`)).toEqual({
      ok: false,
      message: FILE_MESSAGES.longName,
    });
  });
});

describe('the name a shared file downloads under', () => {
  it('ends in an extension of its real type', () => {
    expect(downloadFileName('waiver.pdf', 'application/pdf')).toBe('waiver.pdf');
    expect(downloadFileName('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(downloadFileName('scan.pdf', 'image/jpeg')).toBe('scan.jpg');
    expect(downloadFileName('medical form', 'image/png')).toBe('medical form.png');
    expect(downloadFileName('v1.final version', 'application/pdf')).toBe('v1.final version.pdf');
  });
});

it('sizes read as a person reads them', () => {
  expect(formatFileSize(300)).toBe('1 KB');
  expect(formatFileSize(120 * 1024)).toBe('120 KB');
  expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
});

it('the quota refusals read in the reader’s language, sizes and minutes included', () => {
  const en = (text: string) => translateText(translatorFor('en'), text);
  const fr = (text: string) => translateText(translatorFor('fr'), text);
  const full = FILE_MESSAGES.registrationFull(1200 * 1024 * 1024, 300 * 1024);
  expect(en(full)).toBe(
    "This file would take this registration's files over 1200.0 MB (300 KB used so far). Delete a file you sent to make room.",
  );
  expect(fr(full)).toContain('1200,0\u00a0Mo (300\u00a0Ko utilisés');
  expect(en(FILE_MESSAGES.tooManyUploads(30))).toBe(
    'Too many files sent in a short time. Please try again in 1 minute.',
  );
  expect(en(FILE_MESSAGES.tooManyUploads(420))).toContain('try again in 7 minutes.');
  expect(en(FILE_MESSAGES.longName)).toBe(
    `The file name must be at most ${MAX_FILE_NAME_LENGTH} characters.`,
  );
});
