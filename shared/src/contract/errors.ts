import { z } from 'zod';
import { MESSAGES } from '../domain/messages.ts';

// SPEC.md section 8: every non-OK /api answer is `{message}` or `{errors:{field:message}}`.
export const ErrorBodySchema = z.union([
  z.object({ message: z.string() }),
  z.object({ errors: z.record(z.string(), z.string()) }),
]);
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The text a user sees for a non-OK answer (SPEC.md section 8). */
export function errorText(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown };
    if (typeof b.message === 'string' && b.message) return b.message;
    if (b.errors && typeof b.errors === 'object') {
      const values = Object.values(b.errors as Record<string, unknown>).filter(
        (v): v is string => typeof v === 'string',
      );
      if (values.length) return values.join(' ');
    }
  }
  return MESSAGES.somethingWrong(status);
}
