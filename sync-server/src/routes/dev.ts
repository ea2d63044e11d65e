import { DEV_API } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';
import { listDevMailbox } from '../services/dev-mailbox.ts';

/** Without SMTP_URL, mails land here; a SuperAdmin reads them (the newest 100). */
export const devRoutes = router().openapi(
  defineRoute('/api/dev', DEV_API.mailbox, {
    tags: ['staff'],
    summary: 'The dev mailbox (mails kept when no SMTP_URL is set)',
    security: [{ bearer: [] }],
    ok: 'Mails, newest first',
  }),
  async (c) => c.json(await listDevMailbox(c.get('deps')), 200),
);
