import { MESSAGES } from '../domain/messages.ts';

// Kept apart from the zod schemas of errors.ts so the web app's main bundle can use it
// without pulling in zod (web/vite.config.ts `@shared` alias).

/**
 * The text a user sees for a non-OK answer (docs/product.md §8). Its parts may be message
 * references (decision 037): `translate` shows each in the reader's language (the app's `tm`);
 * without it they are returned as they are.
 */
export function errorText(
  status: number,
  body: unknown,
  translate: (text: string) => string = (t) => t,
): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown };
    if (typeof b.message === 'string' && b.message) return translate(b.message);
    if (b.errors && typeof b.errors === 'object') {
      const values = Object.values(b.errors as Record<string, unknown>).filter(
        (v): v is string => typeof v === 'string',
      );
      if (values.length) return values.map(translate).join(' ');
    }
  }
  return translate(MESSAGES.somethingWrong(status));
}
