import { ErrorBodySchema } from '@tournament/shared';
import { jsonContent as json } from '../http/openapi-app.ts';

// Pieces every settings route shares (decision 007): mount point, tags, refusal answers.

export const ADMIN_MOUNT = '/api/admin';

export const settingsErrors = {
  400: json(ErrorBodySchema, 'Invalid input (docs/product.md §8 shape)'),
  401: json(ErrorBodySchema, 'Not signed in'),
  403: json(ErrorBodySchema, 'Not a SuperAdmin'),
  404: json(ErrorBodySchema, 'Not found'),
  409: json(ErrorBodySchema, 'In use elsewhere, or a name already taken'),
};

export const settingsCommon = { tags: ['settings'], security: [{ bearer: [] }] };
