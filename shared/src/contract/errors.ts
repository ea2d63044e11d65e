import { z } from 'zod';

// docs/product.md §8: every non-OK /api answer is `{message}` or `{errors:{field:message}}`.
export const ErrorBodySchema = z.union([
  z.object({ message: z.string() }),
  z.object({ errors: z.record(z.string(), z.string()) }),
]);
export { errorText } from './error-text.ts';
