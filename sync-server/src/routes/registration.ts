import { z } from '@hono/zod-openapi';
import {
  REGISTRATION_PATHS,
  CheckoutQuerySchema,
  CheckoutResultSchema,
  CompetitorCreateSchema,
  CompetitorSchema,
  CompetitorUpdateSchema,
  ContactPreferencesSchema,
  ContactSchema,
  ContactsUpdateSchema,
  ErrorBodySchema,
  IdParam,
  ReceiptWithQrSchema,
  RegistrationOptionsSchema,
  RegistrationSchema,
} from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import {
  jsonBody as body,
  jsonContent as json,
  requireCaller as caller,
  router,
} from '../http/openapi-app.ts';
import { checkout, handleStripeWebhook } from '../services/payments.ts';
import { getReceipt } from '../services/receipts.ts';
import {
  addCompetitor,
  changePasses,
  createRegistration,
  deleteCompetitor,
  findIncomplete,
  getCompetitor,
  getRegistration,
  hasCompleted,
  listRegistrations,
  registrationOptions,
  replaceContacts,
  setContactPreferences,
  updateCompetitor,
} from '../services/registration.ts';

// SPEC.md section 7: the /api/registration calls. Thin: validate, call the service, answer.

const MOUNT = '/api/registration';
const errors = {
  400: json(ErrorBodySchema, 'Invalid'),
  401: json(ErrorBodySchema, 'Not signed in'),
  404: json(ErrorBodySchema, 'Not found, or not yours'),
  409: json(ErrorBodySchema, 'Not possible in its current state'),
};
const param = <K extends string>(name: K) => ({
  params: z.object({ [name]: IdParam } as { [P in K]: typeof IdParam }),
});

const passRoutes = (['spectator', 'lunch'] as const).flatMap((kind) =>
  (['post', 'delete'] as const).map((method) => ({ kind, method })),
);

const base = router()
  .openapi(
    defineRoute(MOUNT, {
      method: 'post',
      path: REGISTRATION_PATHS.create('{tournamentId}'),
      tags: ['registration'],
      summary: "The caller's incomplete registration for the tournament, or a new one",
      request: param('tournamentId'),
      responses: { 200: json(RegistrationSchema, 'Registration'), ...errors },
    }),
    async (c) =>
      c.json(await createRegistration(c.get('deps'), caller(c), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'get',
      path: REGISTRATION_PATHS.getAll('{tournamentId}'),
      tags: ['registration'],
      summary: "The caller's registrations for the tournament (staff: all)",
      request: param('tournamentId'),
      responses: { 200: json(z.array(RegistrationSchema), 'Registrations'), ...errors },
    }),
    async (c) =>
      c.json(await listRegistrations(c.get('deps'), caller(c), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'get',
      path: REGISTRATION_PATHS.incomplete('{tournamentId}'),
      tags: ['registration'],
      summary: "The caller's incomplete registration for the tournament, or null",
      request: param('tournamentId'),
      responses: { 200: json(RegistrationSchema.nullable(), 'Registration or null'), ...errors },
    }),
    async (c) =>
      c.json(await findIncomplete(c.get('deps'), caller(c), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'get',
      path: REGISTRATION_PATHS.hasCompleted,
      tags: ['registration'],
      summary: 'Whether the caller has a completed registration for the next tournament',
      responses: { 200: json(z.boolean(), 'Boolean'), ...errors },
    }),
    async (c) => c.json(await hasCompleted(c.get('deps'), caller(c)), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'get',
      path: REGISTRATION_PATHS.options('{tournamentId}'),
      tags: ['registration'],
      summary: 'The events a competitor can enter at the tournament, and the competitor levels',
      request: param('tournamentId'),
      responses: { 200: json(RegistrationOptionsSchema, 'Options'), ...errors },
    }),
    async (c) => c.json(await registrationOptions(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'get',
      path: REGISTRATION_PATHS.competitor('{id}'),
      tags: ['registration'],
      summary: 'One competitor',
      request: param('id'),
      responses: { 200: json(CompetitorSchema, 'Competitor'), ...errors },
    }),
    async (c) => c.json(await getCompetitor(c.get('deps'), caller(c), c.req.valid('param').id), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'post',
      path: REGISTRATION_PATHS.competitors,
      tags: ['registration'],
      summary: 'Adds a competitor (DESIGN.md section 5 fields)',
      request: body(CompetitorCreateSchema),
      responses: { 200: json(CompetitorSchema, 'Competitor'), ...errors },
    }),
    async (c) => c.json(await addCompetitor(c.get('deps'), caller(c), c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'put',
      path: REGISTRATION_PATHS.competitors,
      tags: ['registration'],
      summary: 'Changes a competitor',
      request: body(CompetitorUpdateSchema),
      responses: { 200: json(CompetitorSchema, 'Competitor'), ...errors },
    }),
    async (c) => c.json(await updateCompetitor(c.get('deps'), caller(c), c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'delete',
      path: REGISTRATION_PATHS.competitor('{id}'),
      tags: ['registration'],
      summary: 'Removes a competitor; answers the registration without it',
      request: param('id'),
      responses: { 200: json(RegistrationSchema, 'Registration'), ...errors },
    }),
    async (c) => c.json(await deleteCompetitor(c.get('deps'), caller(c), c.req.valid('param').id), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'put',
      path: REGISTRATION_PATHS.contacts('{registrationId}'),
      tags: ['registration'],
      summary: "Replaces the registration's contacts",
      request: { ...param('registrationId'), ...body(ContactsUpdateSchema) },
      responses: { 200: json(z.array(ContactSchema), 'Contacts'), ...errors },
    }),
    async (c) =>
      c.json(
        await replaceContacts(
          c.get('deps'),
          caller(c),
          c.req.valid('param').registrationId,
          c.req.valid('json').contacts,
        ),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'put',
      path: REGISTRATION_PATHS.contactPreferences('{contactId}'),
      tags: ['registration'],
      summary: "A contact's e-mail and SMS division-notification choices",
      request: { ...param('contactId'), ...body(ContactPreferencesSchema) },
      responses: { 200: json(ContactSchema, 'Contact'), ...errors },
    }),
    async (c) =>
      c.json(
        await setContactPreferences(
          c.get('deps'),
          caller(c),
          c.req.valid('param').contactId,
          c.req.valid('json'),
        ),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'post',
      path: REGISTRATION_PATHS.checkout('{registrationId}'),
      tags: ['registration'],
      summary:
        'Pay now by card (Stripe Checkout for the server-computed total) or complete and pay at the door',
      request: { ...param('registrationId'), query: CheckoutQuerySchema },
      responses: {
        200: json(CheckoutResultSchema, 'Checkout'),
        502: json(ErrorBodySchema, 'Stripe failed'),
        ...errors,
      },
    }),
    async (c) =>
      c.json(
        await checkout(
          c.get('deps'),
          caller(c),
          c.req.valid('param').registrationId,
          c.req.valid('query').payment,
        ),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'get',
      path: REGISTRATION_PATHS.receipt('{registrationId}'),
      tags: ['registration'],
      summary: 'The latest receipt with its check-in QR code',
      request: param('registrationId'),
      responses: { 200: json(ReceiptWithQrSchema, 'Receipt'), ...errors },
    }),
    async (c) => c.json(await getReceipt(c.get('deps'), caller(c), c.req.valid('param').registrationId), 200),
  )
  .openapi(
    defineRoute(MOUNT, {
      method: 'post',
      path: REGISTRATION_PATHS.stripeWebhook,
      tags: ['registration'],
      summary: 'Stripe webhook (signature verified over the raw body)',
      responses: {
        200: json(z.object({ received: z.literal(true), recorded: z.boolean() }), 'Received'),
        400: json(ErrorBodySchema, 'Bad signature'),
        404: json(ErrorBodySchema, 'Stripe is not configured'),
      },
    }),
    async (c) =>
      c.json(
        await handleStripeWebhook(c.get('deps'), await c.req.text(), c.req.header('stripe-signature')),
        200,
      ),
  );

for (const { kind, method } of passRoutes) {
  base.openapi(
    defineRoute(MOUNT, {
      method,
      path: REGISTRATION_PATHS.passes(kind, '{registrationId}'),
      tags: ['registration'],
      summary: `${method === 'post' ? 'Adds' : 'Removes'} one ${kind === 'spectator' ? 'spectator pass' : 'lunch ticket'}; answers the new count`,
      request: param('registrationId'),
      responses: { 200: json(z.number().int(), 'The new count'), ...errors },
    }),
    async (c) =>
      c.json(
        await changePasses(
          c.get('deps'),
          caller(c),
          c.req.valid('param').registrationId,
          kind,
          method === 'post' ? 1 : -1,
        ),
        200,
      ),
  );
}

/** Last: `/{id}` would otherwise catch `/has-completed`. */
export const registrationRoutes = base.openapi(
  defineRoute(MOUNT, {
    method: 'get',
    path: REGISTRATION_PATHS.get('{id}'),
    tags: ['registration'],
    summary: 'One registration',
    request: param('id'),
    responses: { 200: json(RegistrationSchema, 'Registration'), ...errors },
  }),
  async (c) => c.json(await getRegistration(c.get('deps'), caller(c), c.req.valid('param').id), 200),
);
