import { SYSTEM_API } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';
import { unauthorized } from '../lib/errors.ts';
import { sendTestEmail, systemReport } from '../services/system.ts';

/** The System page's routes (decision 041): SuperAdmin only, from the role table. */
export const systemRoutes = router()
  .openapi(
    defineRoute('/api/admin', SYSTEM_API.report, {
      tags: ['operations'],
      summary: 'How the server is doing: database, mail, SMS, job queue, disk, version, recent errors',
      security: [{ bearer: [] }],
      ok: 'The report, read now',
    }),
    async (c) => c.json(await systemReport(c.get('deps')), 200),
  )
  .openapi(
    defineRoute('/api/admin', SYSTEM_API.testEmail, {
      tags: ['operations'],
      summary: 'Sends a test e-mail to the signed-in SuperAdmin through the real mailer',
      security: [{ bearer: [] }],
      ok: 'Sent; the address it went to',
      errors: { 502: 'The mail server refused it or did not answer' },
    }),
    async (c) => {
      const caller = c.get('caller');
      if (!caller) throw unauthorized();
      return c.json(await sendTestEmail(c.get('deps'), caller), 200);
    },
  );
