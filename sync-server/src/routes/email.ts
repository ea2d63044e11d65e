import { PUBLIC_PATHS, ContactMessageSchema, ErrorBodySchema, MessageSchema } from '@tournament/shared';
import { clientAddress } from '../http/client-address.ts';
import { defineRawRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';
import { sendContactMessage } from '../services/contact.ts';

export const emailRoutes = router().openapi(
  defineRawRoute('/api/email', {
    method: 'put',
    path: PUBLIC_PATHS.contactUs,
    tags: ['public'],
    summary: 'Contact Us form (SPEC.md section 5)',
    request: { body: { required: true, content: { 'application/json': { schema: ContactMessageSchema } } } },
    responses: {
      200: { description: 'Sent', content: { 'application/json': { schema: MessageSchema } } },
      400: { description: 'Invalid', content: { 'application/json': { schema: ErrorBodySchema } } },
      429: { description: 'Too many messages', content: { 'application/json': { schema: ErrorBodySchema } } },
    },
  }),
  async (c) => {
    const message = await sendContactMessage(c.get('deps'), c.req.valid('json'), clientAddress(c));
    return c.json({ message }, 200);
  },
);
