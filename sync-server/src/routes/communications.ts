import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  COMMUNICATION_API as C,
  COMMUNICATION_PATHS,
  LANG_PARAM,
  LOCALE_TAGS,
  localeOf,
  translateText,
  translatorFor,
  type Translator,
} from '@tournament/shared';
import type { AppEnv } from '../http/context.ts';
import { defineRawRoute, defineRoute } from '../http/define-route.ts';
import { requireCaller, router } from '../http/openapi-app.ts';
import { DomainError } from '../lib/errors.ts';
import {
  audienceRegistrations,
  communicationHistory,
  communicationOptions,
  createTemplate,
  deleteTemplate,
  listDevSmsOutbox,
  listTemplates,
  messageDetail,
  previewCommunication,
  putCommunicationSettings,
  sendCommunication,
  sendCommunicationTest,
  updateTemplate,
} from '../services/communications.ts';
import { getSiteSettings } from '../services/site-settings.ts';
import { handleSmsWebhook, requireUnsubscribeToken, unsubscribeByToken } from '../services/unsubscribe.ts';

// Communications (decision 024; directors and super admins, docs/product.md §6), the unsubscribe
// link (anyone holding its signed token), Twilio's STOP webhook (its signature) and the dev SMS
// outbox.

const ADMIN = '/api/admin';
const common = { tags: ['communications'], security: [{ bearer: [] }] };
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

export const adminCommunicationRoutes = router()
  .openapi(
    defineRoute(ADMIN, C.options, {
      ...common,
      summary: 'Divisions, the SMS flag and cost settings, and the templates, for composing',
      ok: 'Options',
      errors: { 404: 'Not found' },
    }),
    async (c) => c.json(await communicationOptions(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(ADMIN, C.registrations, {
      ...common,
      summary: 'The audience picker: every registration of the tournament',
      ok: 'Registrations',
      errors: { 404: 'Not found' },
    }),
    async (c) => c.json(await audienceRegistrations(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(ADMIN, C.preview, {
      ...common,
      summary: "Recipient counts and one recipient's merged message",
      ok: 'Preview',
      errors: { 404: 'Not found' },
    }),
    async (c) => c.json(await previewCommunication(c.get('deps'), c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute(ADMIN, C.send, {
      ...common,
      summary: 'Queues the message (one per channel); it is sent in the background',
      ok: 'Queued',
      errors: { 404: 'Not found', 409: 'SMS notifications are turned off' },
    }),
    async (c) => {
      const messageIds = await sendCommunication(c.get('deps'), requireCaller(c), c.req.valid('json'));
      return c.json({ messageIds }, 202);
    },
  )
  .openapi(
    defineRoute(ADMIN, C.test, {
      ...common,
      summary:
        'Mails the composed message, as its first recipient would get it, to the signed-in director alone',
      ok: 'Sent to the caller',
      errors: {
        404: 'Not found',
        409: 'SMS notifications are turned off',
        429: 'Too many tests in an hour (see Retry-After)',
      },
    }),
    async (c) =>
      c.json(
        { message: await sendCommunicationTest(c.get('deps'), requireCaller(c), c.req.valid('json')) },
        200,
      ),
  )
  .openapi(
    defineRoute(ADMIN, C.history, {
      ...common,
      summary: "The tournament's messages, newest first, with their progress",
      ok: 'History',
      errors: { 404: 'Not found' },
    }),
    async (c) => c.json(await communicationHistory(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute(ADMIN, C.message, {
      ...common,
      summary: "One message and each recipient's status",
      ok: 'Message',
      errors: { 404: 'Not found' },
    }),
    async (c) => c.json(await messageDetail(c.get('deps'), c.req.valid('param').messageId), 200),
  )
  .openapi(
    defineRoute(ADMIN, C.templates, {
      ...common,
      summary: 'Templates to reuse',
      ok: 'Templates',
      errors: { 404: 'Not found' },
    }),
    async (c) => c.json(await listTemplates(c.get('deps')), 200),
  )
  .openapi(
    defineRoute(ADMIN, C.createTemplate, {
      ...common,
      summary: 'Saves a template',
      ok: 'Saved',
      errors: { 404: 'Not found' },
    }),
    async (c) => c.json(await createTemplate(c.get('deps'), requireCaller(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute(ADMIN, C.updateTemplate, {
      ...common,
      summary: 'Changes a template',
      ok: 'Saved',
      errors: { 404: 'Not found' },
    }),
    async (c) =>
      c.json(await updateTemplate(c.get('deps'), c.req.valid('param').templateId, c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute(ADMIN, C.deleteTemplate, {
      ...common,
      summary: 'Removes a template',
      ok: 'Removed',
      errors: { 404: 'Not found' },
    }),
    async (c) => {
      await deleteTemplate(c.get('deps'), c.req.valid('param').templateId);
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRoute(ADMIN, C.settings, {
      ...common,
      summary: "The tournament's SMS cost cap and price per segment",
      ok: 'Saved',
      errors: { 404: 'Not found' },
    }),
    async (c) =>
      c.json(
        await putCommunicationSettings(c.get('deps'), c.req.valid('param').tournamentId, c.req.valid('json')),
        200,
      ),
  );

// ---- The unsubscribe link and Twilio's webhook: no sign-in ----

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/**
 * The unsubscribe page's language: the recipient's account's, which the e-mailed link names
 * (`?lang=fr`; a link without one is an English account's).
 */
function unsubscribeTranslator(c: Context<AppEnv>): Translator {
  return translatorFor(localeOf(c.req.query(LANG_PARAM)) ?? 'en');
}

/** The form's address: the page's own, with its language. */
function unsubscribeAction(tr: Translator): string {
  return tr.locale === 'en'
    ? COMMUNICATION_PATHS.unsubscribe
    : `${COMMUNICATION_PATHS.unsubscribe}?${LANG_PARAM}=${tr.locale}`;
}

/** `key`'s text with its <b> tags as HTML and `address` escaped. */
function withAddress(
  tr: Translator,
  key: 'mail.unsubscribe.question' | 'mail.unsubscribe.done',
  address: string,
) {
  return tr
    .parts<string>(key, { address: escapeHtml(address), b: (inner) => `<strong>${inner.join('')}</strong>` })
    .join('');
}

async function page(c: Context<AppEnv>, status: 200 | 400, title: string, inner: string) {
  const site = await getSiteSettings(c.get('deps'));
  const lang = LOCALE_TAGS[unsubscribeTranslator(c).locale];
  return c.html(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(`${site.sitePrefix} ${title}`)}</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>` +
      `</head><body><h1>${escapeHtml(title)}</h1>${inner}<p><a href="/">${escapeHtml(site.siteName)}</a></p></body></html>`,
    status,
  );
}

/** The token of a link: in the query (the e-mailed link, one-click) or the page's form. */
async function tokenOf(c: Context<AppEnv>): Promise<string> {
  const fromQuery = c.req.query('token');
  if (fromQuery) return fromQuery;
  if (c.req.header('Content-Type')?.startsWith('application/x-www-form-urlencoded')) {
    const form = await c.req.parseBody();
    if (typeof form.token === 'string') return form.token;
  }
  return '';
}

const UnsubscribeQuery = z.object({ token: z.string().max(2000).optional() });

// The unsubscribe link's two routes stay raw (decision 035's exceptions): no web call makes them,
// and they answer an HTML page, their refusal too, not the JSON error defineRoute documents.

export const publicCommunicationRoutes = router()
  .openapi(
    defineRawRoute('/api/communications', {
      method: 'get',
      path: COMMUNICATION_PATHS.unsubscribe,
      tags: ['communications'],
      summary: 'The e-mailed unsubscribe link: a page asking to confirm (a link scanner changes nothing)',
      request: { query: UnsubscribeQuery },
      responses: { 200: html('Confirmation page'), 400: html('The link is not valid') },
    }),
    async (c) => {
      const token = await tokenOf(c);
      const tr = unsubscribeTranslator(c);
      try {
        const { address } = await requireUnsubscribeToken(c.get('deps'), token);
        return page(
          c,
          200,
          tr.t('mail.unsubscribe.title'),
          `<p>${withAddress(tr, 'mail.unsubscribe.question', address)}</p>` +
            `<form method="post" action="${escapeHtml(unsubscribeAction(tr))}"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
            `<button type="submit">${escapeHtml(tr.t('mail.unsubscribe.button'))}</button></form>`,
        );
      } catch (e) {
        if (e instanceof DomainError)
          return page(
            c,
            400,
            tr.t('mail.unsubscribe.title'),
            `<p>${escapeHtml(translateText(tr, e.message))}</p>`,
          );
        throw e;
      }
    },
  )
  .openapi(
    defineRawRoute('/api/communications', {
      method: 'post',
      path: COMMUNICATION_PATHS.unsubscribe,
      tags: ['communications'],
      summary: 'Unsubscribes the address of a link (its form, or a mail client one-click, RFC 8058)',
      request: { query: UnsubscribeQuery },
      responses: { 200: html('Unsubscribed'), 400: html('The link is not valid') },
    }),
    async (c) => {
      const tr = unsubscribeTranslator(c);
      try {
        const { address } = await unsubscribeByToken(c.get('deps'), await tokenOf(c));
        return page(
          c,
          200,
          tr.t('mail.unsubscribe.doneTitle'),
          `<p>${withAddress(tr, 'mail.unsubscribe.done', address)}</p>`,
        );
      } catch (e) {
        if (e instanceof DomainError)
          return page(
            c,
            400,
            tr.t('mail.unsubscribe.title'),
            `<p>${escapeHtml(translateText(tr, e.message))}</p>`,
          );
        throw e;
      }
    },
  )
  .openapi(
    defineRoute('/api/communications', C.smsWebhook, {
      tags: ['communications'],
      summary: "Twilio's incoming-message webhook: STOP and START replies (signature verified)",
      ok: 'TwiML',
      errors: { 400: 'Not signed by Twilio', 404: 'SMS is not configured' },
    }),
    async (c) => {
      const form = c.req.header('Content-Type')?.startsWith('application/x-www-form-urlencoded')
        ? await c.req.parseBody()
        : {};
      const params = Object.fromEntries(
        Object.entries(form).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
      );
      const twiml = await handleSmsWebhook(c.get('deps'), params, c.req.header('X-Twilio-Signature'));
      return c.body(twiml, 200, { 'Content-Type': 'text/xml' });
    },
  );

export const devSmsRoutes = router().openapi(
  defineRoute('/api/dev', C.devSmsOutbox, {
    tags: ['staff'],
    summary: 'The dev SMS outbox (SMS kept when Twilio is not configured)',
    security: [{ bearer: [] }],
    ok: 'SMS, newest first',
  }),
  async (c) => c.json(await listDevSmsOutbox(c.get('deps')), 200),
);
