import { z } from '@hono/zod-openapi';
import { desc } from 'drizzle-orm';
import { devMailbox } from '../db/schema.ts';
import { defineRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';

const MailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

/** Without SMTP_URL, mails land here; a SuperAdmin reads them (the newest 100). */
export const devRoutes = router().openapi(
  defineRoute('/api/dev', {
    method: 'get',
    path: '/mailbox',
    tags: ['staff'],
    summary: 'The dev mailbox (mails kept when no SMTP_URL is set)',
    security: [{ bearer: [] }],
    responses: {
      200: { description: 'Mails, newest first', content: { 'application/json': { schema: z.array(MailSchema) } } },
    },
  }),
  async (c) => {
    const rows = await c
      .get('deps')
      .database.db.select()
      .from(devMailbox)
      .orderBy(desc(devMailbox.id))
      .limit(100);
    return c.json(
      rows.map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        createdAt: m.createdAt.toISOString(),
      })),
      200,
    );
  },
);
