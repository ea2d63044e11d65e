import { REGISTRATION_API as R } from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import { requireCaller as caller, router } from '../http/openapi-app.ts';
import { checkout, handleStripeWebhook } from '../services/payments.ts';
import { setPublicationChoices } from '../services/consent.ts';
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

// docs/product.md §7: the /api/registration calls. Thin: validate, call the service, answer.
// Each route's method, path, parameters, body and answer are its contract entry's (decision 035).

const MOUNT = '/api/registration';
const refusals = {
  404: 'Not found, or not yours',
  409: 'Not possible in its current state',
} as const;
const doc = (summary: string, ok: string) => ({ tags: ['registration'], summary, ok, errors: refusals });

const passRoutes = [
  { kind: 'spectator', add: true, entry: R.addSpectator },
  { kind: 'spectator', add: false, entry: R.removeSpectator },
  { kind: 'lunch', add: true, entry: R.addLunch },
  { kind: 'lunch', add: false, entry: R.removeLunch },
] as const;

const base = router()
  .openapi(
    defineRoute(
      MOUNT,
      R.create,
      doc("The caller's incomplete registration for the tournament, or a new one", 'Registration'),
    ),
    async (c) =>
      c.json(await createRegistration(c.get('deps'), caller(c), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      R.getAll,
      doc("The caller's registrations for the tournament (staff: all)", 'Registrations'),
    ),
    async (c) =>
      c.json(await listRegistrations(c.get('deps'), caller(c), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      R.incomplete,
      doc("The caller's incomplete registration for the tournament, or null", 'Registration or null'),
    ),
    async (c) =>
      c.json(await findIncomplete(c.get('deps'), caller(c), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      R.hasCompleted,
      doc('Whether the caller has a completed registration for the next tournament', 'Boolean'),
    ),
    async (c) => c.json(await hasCompleted(c.get('deps'), caller(c)), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      R.options,
      doc('The events a competitor can enter at the tournament, and the competitor levels', 'Options'),
    ),
    async (c) => c.json(await registrationOptions(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(defineRoute(MOUNT, R.competitor, doc('One competitor', 'Competitor')), async (c) =>
    c.json(await getCompetitor(c.get('deps'), caller(c), c.req.valid('param').id), 200),
  )
  .openapi(
    defineRoute(MOUNT, R.addCompetitor, doc('Adds a competitor (docs/design.md §5 fields)', 'Competitor')),
    async (c) => c.json(await addCompetitor(c.get('deps'), caller(c), c.req.valid('json')), 200),
  )
  .openapi(defineRoute(MOUNT, R.updateCompetitor, doc('Changes a competitor', 'Competitor')), async (c) =>
    c.json(await updateCompetitor(c.get('deps'), caller(c), c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      R.deleteCompetitor,
      doc('Removes a competitor; answers the registration without it', 'Registration'),
    ),
    async (c) => c.json(await deleteCompetitor(c.get('deps'), caller(c), c.req.valid('param').id), 200),
  )
  .openapi(
    defineRoute(
      MOUNT,
      R.competitorChoices,
      doc(
        "The family's choices for a competitor: name on public results and TVs, photos and video published",
        'Competitor',
      ),
    ),
    async (c) =>
      c.json(
        await setPublicationChoices(c.get('deps'), caller(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    defineRoute(MOUNT, R.contacts, doc("Replaces the registration's contacts", 'Contacts')),
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
    defineRoute(
      MOUNT,
      R.contactPreferences,
      doc("A contact's e-mail and SMS division-notification choices", 'Contact'),
    ),
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
    defineRoute(MOUNT, R.checkout, {
      ...doc(
        'Pay now by card (Stripe Checkout for the server-computed total) or complete and pay at the door',
        'Checkout',
      ),
      errors: { ...refusals, 502: 'Stripe failed' },
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
    defineRoute(MOUNT, R.receipt, doc('The latest receipt with its check-in QR code', 'Receipt')),
    async (c) => c.json(await getReceipt(c.get('deps'), caller(c), c.req.valid('param').registrationId), 200),
  )
  .openapi(
    defineRoute(MOUNT, R.stripeWebhook, {
      tags: ['registration'],
      summary: 'Stripe webhook (signature verified over the raw body)',
      ok: 'Received',
      errors: { 400: 'Bad signature', 404: 'Stripe is not configured' },
    }),
    async (c) =>
      c.json(
        await handleStripeWebhook(c.get('deps'), await c.req.text(), c.req.header('stripe-signature')),
        200,
      ),
  );

for (const { kind, add, entry } of passRoutes) {
  base.openapi(
    defineRoute(
      MOUNT,
      entry,
      doc(
        `${add ? 'Adds' : 'Removes'} one ${kind === 'spectator' ? 'spectator pass' : 'lunch ticket'}; answers the new count`,
        'The new count',
      ),
    ),
    async (c) =>
      c.json(
        await changePasses(c.get('deps'), caller(c), c.req.valid('param').registrationId, kind, add ? 1 : -1),
        200,
      ),
  );
}

/** Last: `/{id}` would otherwise catch `/has-completed`. */
export const registrationRoutes = base.openapi(
  defineRoute(MOUNT, R.get, doc('One registration', 'Registration')),
  async (c) => c.json(await getRegistration(c.get('deps'), caller(c), c.req.valid('param').id), 200),
);
