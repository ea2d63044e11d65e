import { describe, expect, it } from 'vitest';
import { codeFromScan } from './qr.ts';

const b64url = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('receipt QR codes', () => {
  it('reads the confirmation code from the check-in token of a receipt', () => {
    const token = `${b64url({ alg: 'HS256' })}.${b64url({ rid: 4, rcp: 9, code: 'ABCD2345', sub: 'registration:4' })}.sig`;
    expect(codeFromScan(token)).toBe('ABCD2345');
  });

  it('accepts a bare confirmation code and refuses anything else', () => {
    expect(codeFromScan(' WXYZ7890 ')).toBe('WXYZ7890');
    expect(codeFromScan('https://example.com/')).toBeNull();
    expect(codeFromScan('a.b.c')).toBeNull();
    expect(codeFromScan(`x.${b64url({ code: '<script>' })}.y`)).toBeNull();
  });
});
