import { PUBLIC_API } from '@tournament/shared';
import { clientAddress } from '../http/client-address.ts';
import { defineRoute } from '../http/define-route.ts';
import { router } from '../http/openapi-app.ts';
import { sendContactMessage } from '../services/contact.ts';

export const emailRoutes = router().openapi(
  defineRoute('/api/email', PUBLIC_API.contactUs, {
    tags: ['public'],
    summary: 'Contact Us form (docs/product.md §5)',
    ok: 'Sent',
    errors: { 429: 'Too many messages' },
  }),
  async (c) => {
    const message = await sendContactMessage(c.get('deps'), c.req.valid('json'), clientAddress(c));
    return c.json({ message }, 200);
  },
);
