import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AudienceRegistrationListSchema,
  COMMUNICATION_PATHS,
  CommunicationOptionsSchema,
  CommunicationSettingsInputSchema,
  CommunicationSettingsSchema,
  CommunicationTournamentParamSchema,
  ComposeSchema,
  DevSmsListSchema,
  ErrorBodySchema,
  MessageDetailSchema,
  MessageIdParamSchema,
  MessageSummaryListSchema,
  PreviewSchema,
  SendResultSchema,
  TemplateIdParamSchema,
  TemplateInputSchema,
  TemplateListSchema,
  TemplateSchema,
} from '@tournament/shared';
import type { AppEnv } from '../http/context.ts';
import { defineRawRoute } from '../http/define-route.ts';
import { jsonBody, jsonContent as json, requireCaller, router } from '../http/openapi-app.ts';
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
  updateTemplate,
} from '../services/communications.ts';
import { getSiteSettings } from '../services/site-settings.ts';
import { handleSmsWebhook, requireUnsubscribeToken, unsubscribeByToken } from '../services/unsubscribe.ts';

// Communications (decision 024; directors and super admins, docs/product.md §6), the unsubscribe
// link (anyone holding its signed token), Twilio's STOP webhook (its signature) and the dev SMS
// outbox.

const ADMIN = '/api/admin';
const common = { tags: ['communications'], security: [{ bearer: [] }] };
const errors = {
  400: json(ErrorBodySchema, 'Invalid input (docs/product.md §8 shape)'),
  401: json(ErrorBodySchema, 'Not signed in'),
  403: json(ErrorBodySchema, 'Not a TournamentDirector or SuperAdmin'),
  404: json(ErrorBodySchema, 'Not found'),
};
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

export const adminCommunicationRoutes = router()
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'get',
      path: COMMUNICATION_PATHS.options('{tournamentId}'),
      summary: 'Divisions, the SMS flag and cost settings, and the templates, for composing',
      request: { params: CommunicationTournamentParamSchema },
      responses: { 200: json(CommunicationOptionsSchema, 'Options'), ...errors },
    }),
    async (c) => c.json(await communicationOptions(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'get',
      path: COMMUNICATION_PATHS.registrations('{tournamentId}'),
      summary: 'The audience picker: every registration of the tournament',
      request: { params: CommunicationTournamentParamSchema },
      responses: { 200: json(AudienceRegistrationListSchema, 'Registrations'), ...errors },
    }),
    async (c) => c.json(await audienceRegistrations(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'post',
      path: COMMUNICATION_PATHS.preview,
      summary: "Recipient counts and one recipient's merged message",
      request: jsonBody(ComposeSchema),
      responses: { 200: json(PreviewSchema, 'Preview'), ...errors },
    }),
    async (c) => c.json(await previewCommunication(c.get('deps'), c.req.valid('json')), 200),
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'post',
      path: COMMUNICATION_PATHS.send,
      summary: 'Queues the message (one per channel); it is sent in the background',
      request: jsonBody(ComposeSchema),
      responses: {
        202: json(SendResultSchema, 'Queued'),
        ...errors,
        409: json(ErrorBodySchema, 'SMS notifications are turned off'),
      },
    }),
    async (c) => {
      const messageIds = await sendCommunication(c.get('deps'), requireCaller(c), c.req.valid('json'));
      return c.json({ messageIds }, 202);
    },
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'get',
      path: COMMUNICATION_PATHS.history('{tournamentId}'),
      summary: "The tournament's messages, newest first, with their progress",
      request: { params: CommunicationTournamentParamSchema },
      responses: { 200: json(MessageSummaryListSchema, 'History'), ...errors },
    }),
    async (c) => c.json(await communicationHistory(c.get('deps'), c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'get',
      path: COMMUNICATION_PATHS.message('{messageId}'),
      summary: "One message and each recipient's status",
      request: { params: MessageIdParamSchema },
      responses: { 200: json(MessageDetailSchema, 'Message'), ...errors },
    }),
    async (c) => c.json(await messageDetail(c.get('deps'), c.req.valid('param').messageId), 200),
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'get',
      path: COMMUNICATION_PATHS.templates,
      summary: 'Templates to reuse',
      responses: { 200: json(TemplateListSchema, 'Templates'), ...errors },
    }),
    async (c) => c.json(await listTemplates(c.get('deps')), 200),
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'post',
      path: COMMUNICATION_PATHS.templates,
      summary: 'Saves a template',
      request: jsonBody(TemplateInputSchema),
      responses: { 201: json(TemplateSchema, 'Saved'), ...errors },
    }),
    async (c) => c.json(await createTemplate(c.get('deps'), requireCaller(c), c.req.valid('json')), 201),
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'put',
      path: COMMUNICATION_PATHS.template('{templateId}'),
      summary: 'Changes a template',
      request: { params: TemplateIdParamSchema, ...jsonBody(TemplateInputSchema) },
      responses: { 200: json(TemplateSchema, 'Saved'), ...errors },
    }),
    async (c) =>
      c.json(await updateTemplate(c.get('deps'), c.req.valid('param').templateId, c.req.valid('json')), 200),
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'delete',
      path: COMMUNICATION_PATHS.template('{templateId}'),
      summary: 'Removes a template',
      request: { params: TemplateIdParamSchema },
      responses: { 204: { description: 'Removed' }, ...errors },
    }),
    async (c) => {
      await deleteTemplate(c.get('deps'), c.req.valid('param').templateId);
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRawRoute(ADMIN, {
      ...common,
      method: 'put',
      path: COMMUNICATION_PATHS.settings('{tournamentId}'),
      summary: "The tournament's SMS cost cap and price per segment",
      request: { params: CommunicationTournamentParamSchema, ...jsonBody(CommunicationSettingsInputSchema) },
      responses: { 200: json(CommunicationSettingsSchema, 'Saved'), ...errors },
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

async function page(c: Context<AppEnv>, status: 200 | 400, title: string, inner: string) {
  const site = await getSiteSettings(c.get('deps'));
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
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
      try {
        const { address } = await requireUnsubscribeToken(c.get('deps'), token);
        return page(
          c,
          200,
          'Unsubscribe',
          `<p>Stop e-mails from us to <strong>${escapeHtml(address)}</strong>?</p>` +
            `<form method="post" action="${COMMUNICATION_PATHS.unsubscribe}"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
            `<button type="submit">Unsubscribe</button></form>`,
        );
      } catch (e) {
        if (e instanceof DomainError) return page(c, 400, 'Unsubscribe', `<p>${escapeHtml(e.message)}</p>`);
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
      try {
        const { address } = await unsubscribeByToken(c.get('deps'), await tokenOf(c));
        return page(
          c,
          200,
          'You are unsubscribed',
          `<p>We will not send more e-mails to <strong>${escapeHtml(address)}</strong>. Receipts and account e-mails you ask for still arrive.</p>`,
        );
      } catch (e) {
        if (e instanceof DomainError) return page(c, 400, 'Unsubscribe', `<p>${escapeHtml(e.message)}</p>`);
        throw e;
      }
    },
  )
  .openapi(
    defineRawRoute('/api/communications', {
      method: 'post',
      path: COMMUNICATION_PATHS.smsWebhook,
      tags: ['communications'],
      summary: "Twilio's incoming-message webhook: STOP and START replies (signature verified)",
      responses: {
        200: { description: 'TwiML', content: { 'text/xml': { schema: z.string() } } },
        400: json(ErrorBodySchema, 'Not signed by Twilio'),
        404: json(ErrorBodySchema, 'SMS is not configured'),
      },
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
  defineRawRoute('/api/dev', {
    method: 'get',
    path: COMMUNICATION_PATHS.devSmsOutbox,
    tags: ['staff'],
    summary: 'The dev SMS outbox (SMS kept when Twilio is not configured)',
    security: [{ bearer: [] }],
    responses: { 200: json(DevSmsListSchema, 'SMS, newest first') },
  }),
  async (c) => c.json(await listDevSmsOutbox(c.get('deps')), 200),
);
