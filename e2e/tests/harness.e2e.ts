import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../src/harness.ts';

// What every other end-to-end test leans on: accounts made with the admin CLI before
// the server starts, and data that outlives a crash of the server.
describe('the end-to-end stack', () => {
  let stack: Stack;
  const director = {
    email: 'td@example.com',
    password: 'ring-side-2026',
    role: 'TournamentDirector' as const,
  };

  beforeAll(async () => {
    stack = await startStack({ users: [{ ...director, first: 'Tara', last: 'Director' }] });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('a user made with the admin CLI can sign in with their role', async () => {
    const token = await stack.signIn(director.email, director.password);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      roles?: string[];
    };
    expect(payload.roles).toEqual(['TournamentDirector']);
  });

  it('the account survives a killed server and a restart on the same data', async () => {
    stack.kill9();
    await stack.restart();
    expect((await stack.api('GET', '/api/health')).status).toBe(200);
    await expect(stack.signIn(director.email, director.password)).resolves.toMatch(
      /^[\w-]+\.[\w-]+\.[\w-]+$/,
    );
  });

  it('the server log is captured', () => {
    expect(stack.serverLog()).toContain(`listening on http://localhost:${stack.port}`);
  });
});
