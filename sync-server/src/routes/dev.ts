import { DEV_PATHS, DevMailListSchema } from '@tournament/shared';
import { defineRawRoute } from '../http/define-route.ts';
import { jsonContent as json, router } from '../http/openapi-app.ts';
import { listDevMailbox } from '../services/dev-mailbox.ts';

/** Without SMTP_URL, mails land here; a SuperAdmin reads them (the newest 100). */
export const devRoutes = router().openapi(
  defineRawRoute('/api/dev', {
    method: 'get',
    path: DEV_PATHS.mailbox,
    tags: ['staff'],
    summary: 'The dev mailbox (mails kept when no SMTP_URL is set)',
    security: [{ bearer: [] }],
    responses: { 200: json(DevMailListSchema, 'Mails, newest first') },
  }),
  async (c) => c.json(await listDevMailbox(c.get('deps')), 200),
);
