import { OpenAPIHono } from '@hono/zod-openapi';
import { fieldErrors } from '@tournament/shared';
import type { AppEnv } from './context.ts';

/** A router whose validation failures answer 400 `{errors:{field:message}}` (SPEC.md section 8). */
export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json({ errors: fieldErrors(result.error) }, 400);
      return undefined;
    },
  });
}
