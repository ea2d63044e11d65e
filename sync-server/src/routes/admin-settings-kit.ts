import type { z } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@tournament/shared';
import type { Context } from 'hono';
import type { AppEnv, Caller } from '../http/context.ts';
import { unauthorized } from '../lib/errors.ts';

// Pieces every settings route shares (issue 8): mount point, answer shapes, the caller.

export const ADMIN_MOUNT = '/api/admin';

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

export const settingsErrors = {
  400: json(ErrorBodySchema, 'Invalid input (SPEC.md section 8 shape)'),
  401: json(ErrorBodySchema, 'Not signed in'),
  403: json(ErrorBodySchema, 'Not a SuperAdmin'),
  404: json(ErrorBodySchema, 'Not found'),
  409: json(ErrorBodySchema, 'In use elsewhere, or a name already taken'),
};

export const settingsCommon = { tags: ['settings'], security: [{ bearer: [] }] };

/** The signed-in caller (the role middleware has already refused visitors). */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw unauthorized();
  return caller;
}
