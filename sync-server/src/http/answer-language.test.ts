import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, MESSAGES, msg, notFoundText } from '@tournament/shared';
import { onError } from '../lib/errors.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { answerInReaderLanguage } from './answer-language.ts';

// Every {message} and {errors} answer in the reader's language (decision 037): the `lang`
// cookie, then Accept-Language, then English; and never a raw `i18n:` reference.

const FR = { 'Accept-Language': 'fr-CA,fr;q=0.9' };

describe('the error handler answers in the reader’s language', () => {
  const app = new Hono();
  app.use(answerInReaderLanguage());
  app.get('/field', () => {
    throw new DomainError('invalid', MESSAGES.required, 400, {
      email: MESSAGES.email,
      name: 'Kept as it is',
    });
  });
  app.get('/tournament', () => {
    throw new DomainError('not_found', notFoundText('tournament'), 404);
  });
  app.get('/nested', () => {
    throw new DomainError(
      'invalid_args',
      msg('server.invalidArgsField', { field: 'phone', problem: MESSAGES.phone }),
    );
  });
  app.get('/ok', (c) => c.json({ message: MESSAGES.contactSent, other: MESSAGES.required }));
  app.get('/boom', () => {
    throw new Error('unexpected');
  });
  app.onError(onError);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(path, { headers });
    return {
      status: res.status,
      text: await res.clone().text(),
      json: (await res.json()) as Record<string, unknown>,
    };
  };

  it('translates field errors, leaving plain texts as they are', async () => {
    expect((await get('/field', FR)).json).toEqual({
      errors: { email: 'Cette adresse courriel n’est pas valide', name: 'Kept as it is' },
    });
    expect((await get('/field')).json).toEqual({
      errors: { email: 'Value is not a valid email address', name: 'Kept as it is' },
    });
  });

  it('translates a message, its values references included', async () => {
    expect((await get('/tournament', FR)).json).toEqual({ message: 'Le tournoi est introuvable' });
    expect((await get('/tournament')).json).toEqual({ message: 'The tournament was not found' });
    expect((await get('/nested', FR)).json.message).toBe(
      'Cette modification était mal formée et n’a pas pu être appliquée. phone\u00a0: Veuillez entrer un numéro de téléphone valide à 10 chiffres',
    );
    expect((await get('/nested')).json.message).toBe(
      'This change was malformed and could not be applied. phone: Please enter a valid 10 digit phone number',
    );
  });

  it('translates a success {message}, and a reference anywhere in the data it carries', async () => {
    const { json } = await get('/ok', FR);
    expect(json.message).toBe('Merci\u00a0! Votre message a été transmis à notre équipe.');
    // A receipt's title and lines are stored as references: each reader reads them in their language.
    expect(json.other).toBe('Ce champ est obligatoire');
  });

  it('the cookie wins over Accept-Language; English is the default', async () => {
    expect((await get('/tournament', { Cookie: 'lang=fr', 'Accept-Language': 'en-CA' })).json.message).toBe(
      'Le tournoi est introuvable',
    );
    expect((await get('/tournament', { 'Accept-Language': 'de-DE' })).json.message).toBe(
      'The tournament was not found',
    );
  });

  it('a 500 says the generic text in French', async () => {
    const { status, json } = await get('/boom', FR);
    expect(status).toBe(500);
    expect(json.message).toBe(
      '(500) Une erreur s’est produite. Veuillez réessayer plus tard ou communiquer avec nous pour obtenir de l’aide.',
    );
  });
});

describe('/api answers in French to a French reader with no account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-02-01T12:00:00Z' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a 400 field error', async () => {
    const fr = await t.call('PUT', '/api/email/contactUs', { firstName: 'Kim' }, undefined, FR);
    expect(fr.status).toBe(400);
    expect(fr.json.errors.lastName).toBe('Ce champ est obligatoire');
    const en = await t.call('PUT', '/api/email/contactUs', { firstName: 'Kim' });
    expect(en.json.errors.lastName).toBe('Value is required');
  });

  it('a 404 and a 401', async () => {
    const missing = await t.call('GET', '/api/no-such-thing', undefined, undefined, FR);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'La ressource demandée est introuvable' });
    expect((await t.call('GET', '/api/no-such-thing')).json).toEqual({
      message: 'The requested resource was not found',
    });
    const anonymous = await t.call('GET', '/api/dev/mailbox', undefined, undefined, FR);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe(
      'Cette ressource exige une authentification. Veuillez communiquer avec votre administrateur système.',
    );
  });

  it('a 403 for a signed-in customer on a director’s route', async () => {
    const { token } = await t.createUser('Customer');
    const res = await t.call('GET', '/api/admin/tournaments', undefined, token, FR);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(
      'Vous n’avez pas les autorisations requises pour accéder à cette ressource. Communiquez avec nous si vous croyez qu’il s’agit d’une erreur.',
    );
  });

  it('never leaks a raw i18n: reference, in either language', async () => {
    const { token } = await t.createUser('Customer');
    const requests: [string, string, unknown?, string?][] = [
      ['PUT', '/api/email/contactUs', { firstName: 'Kim' }],
      ['PUT', '/api/email/contactUs', '{not json'],
      [
        'PUT',
        '/api/email/contactUs',
        { firstName: 'Kim\u202e', lastName: 'x'.repeat(500), email: 'no', message: '' },
      ],
      ['GET', '/api/no-such-thing'],
      ['GET', '/api/dev/mailbox'],
      ['GET', '/api/admin/tournaments', undefined, token],
      ['POST', '/api/users/authenticate', { email: 'nobody@example.com', password: 'wrong password' }],
      ['POST', '/api/users/register', { email: 'bad' }],
    ];
    const readers: Record<string, string>[] = [{}, FR, { Cookie: 'lang=fr' }];
    for (const headers of readers) {
      for (const [method, url, body, auth] of requests) {
        const res = await t.call(method, url, body, auth, headers);
        expect(res.text, `${method} ${url}`).not.toContain('i18n:');
      }
    }
  });
});
