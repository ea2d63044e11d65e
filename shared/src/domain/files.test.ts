import { describe, expect, it } from 'vitest';
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
