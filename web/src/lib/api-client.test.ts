import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageSchema, PUBLIC_PATHS, TournamentListSchema } from '@shared/contract/public.ts';
import { api, ApiError, setSignedOutHandler, UnexpectedAnswerError } from './api-client.ts';
import { setImpersonatedUserId } from './impersonation.ts';
import { getSession, setSession } from './session.ts';

function answer(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

const session = {
  user: { personId: 7, roles: ['Customer'], userDisplayName: 'Pat Lee' },
  token: 'tok-123',
};

afterEach(() => vi.unstubAllGlobals());

describe('api client (docs/product.md §7 and §8)', () => {
  it('a non-OK answer with a message shows that message', async () => {
    vi.stubGlobal('fetch', answer(409, { message: 'Registration is closed.' }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Registration is closed.');
    expect((error as ApiError).status).toBe(409);
  });

  it('a non-OK answer with field errors joins them with spaces', async () => {
    vi.stubGlobal('fetch', answer(400, { errors: { email: 'Value is required', phone: 'Please enter a valid 10 digit phone number' } }));
    const error = (await api.put('/api/email/contactUs', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Value is required Please enter a valid 10 digit phone number');
    expect(error.fieldErrors.email).toBe('Value is required');
  });

  it('a non-OK answer without a usable body gives the generic text with the status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(api.get('/api/x')).rejects.toThrow(
      '(502) Something went wrong, please try again later or contact us for help.',
    );
  });

  it('sends JSON with the bearer token and, when impersonating, the UserContext header', async () => {
    setSession(session);
    setImpersonatedUserId(42);
    const fetch = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    await expect(api.post('/api/registration/competitor', { firstName: 'Sam' })).resolves.toEqual({ ok: true });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers.UserContext).toBe('42');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"firstName":"Sam"}');
  });

  it('a visitor sends no Authorization header', async () => {
    const fetch = answer(200, []);
    vi.stubGlobal('fetch', fetch);
    await api.get('/api/tournaments');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it.each([401, 403])('a %i while signed in logs out and goes home', async (status) => {
    setSession(session);
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    vi.stubGlobal('fetch', answer(status, { message: 'Not allowed' }));
    await expect(api.get('/api/registration/1')).rejects.toThrow('Not allowed');
    expect(getSession()).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('a 401 for a visitor (wrong password) does not trigger a logout', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    vi.stubGlobal('fetch', answer(401, { message: 'Invalid username or password' }));
    await expect(api.post('/api/users/authenticate', {})).rejects.toThrow('Invalid username or password');
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('an answer is parsed with the contract schema given: the screen gets what the schema says', async () => {
    vi.stubGlobal('fetch', answer(200, { message: 'Thanks, we will reply soon.', debug: 'extra' }));
    const parsed = await api.put(PUBLIC_PATHS.contactUs, {}, MessageSchema);
    expect(parsed).toEqual({ message: 'Thanks, we will reply soon.' });
  });

  it('an OK answer that breaks the contract is refused, not handed to the screen', async () => {
    vi.stubGlobal('fetch', answer(200, [{ id: 'seven', city: 'Elliot Lake' }]));
    const error = await api.get(PUBLIC_PATHS.tournaments, TournamentListSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as ApiError).message).toBe(
      '(200) Something went wrong, please try again later or contact us for help.',
    );
  });

  it('a POST is sent with an Idempotency-Key, and again with the same key when it got no answer or a 503', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const fetch = vi
        .fn<(path: string, init: RequestInit) => Promise<Response>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(new Response(JSON.stringify({ message: 'away' }), { status: 503 }))
        .mockResolvedValueOnce(new Response(JSON.stringify({ id: 5 }), { status: 200 }));
      vi.stubGlobal('fetch', fetch);
      const saved = api.post('/api/registration/competitor', { firstName: 'Sam' });
      await vi.advanceTimersByTimeAsync(1000);
      await vi.advanceTimersByTimeAsync(3000);
      await expect(saved).resolves.toEqual({ id: 5 });
      const keys = fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);
      expect(keys).toHaveLength(3);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(keys).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('each POST has a key of its own; a refusal (4xx) is not sent again', async () => {
    const fetch = answer(409, { message: 'Registration is closed.' });
    vi.stubGlobal('fetch', fetch);
    await expect(api.post('/api/registration/competitor', {})).rejects.toThrow('Registration is closed.');
    await expect(api.post('/api/registration/competitor', {})).rejects.toThrow('Registration is closed.');
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls).toHaveLength(2);
    const [a, b] = calls.map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);
    expect(a).not.toBe(b);
  });
});
