import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { fieldErrors } from '@tournament/shared';
import { unauthorized } from '../lib/errors.ts';
import type { Caller } from '../deps.ts';
import type { AppEnv } from './context.ts';

/** A router whose validation failures answer 400 `{errors:{field:message}}` (docs/product.md §8). */
export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json({ errors: fieldErrors(result.error) }, 400);
      return undefined;
    },
  });
}

/** An OpenAPI response (or request body) of JSON in `schema`. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body validated by `schema`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/** The signed-in caller of a route whose roles exclude visitors (defineRoute has refused them). */
export function requireCaller(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw unauthorized();
  return caller;
}
