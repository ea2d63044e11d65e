import fs from 'node:fs';
import path from 'node:path';
import { hash, verify, type Options } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which verbatimModuleSyntax cannot import). */
const ARGON2ID = 2 as Options['algorithm'];

/**
 * The one place password hashing is configured: argon2id with the OWASP minimum
 * (m = 19 MiB, t = 2, p = 1). Every account path (sign-up, reset, admin CLI) uses these.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a malformed or missing hash (never throws). */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let commonPasswords: Set<string> | undefined;

/**
 * Whether `password` is on the shipped list of common passwords (common-passwords.txt,
 * read once; decision 018). Compared lower-cased and trimmed, as the list is.
 */
export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    const text = fs.readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8');
    commonPasswords = new Set(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return commonPasswords.has(password.trim().toLowerCase());
}

/** How many passwords the list holds (tests check it is the promised size). */
export function commonPasswordCount(): number {
  isCommonPassword('');
  return commonPasswords?.size ?? 0;
}
