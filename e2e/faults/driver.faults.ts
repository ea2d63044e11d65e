import net from 'node:net';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import { ADMIN_URL } from './database.ts';

// The PostgreSQL driver itself, at the moment a connection dies: postgres.js as the server uses
// it, with its sockets handed over so the test can close one at the worst moment.

const sockets: net.Socket[] = [];
const url = new URL(ADMIN_URL);
// `socket` is a documented postgres.js option its type declarations leave out.
const options: postgres.Options<Record<string, postgres.PostgresType>> & {
  socket: () => Promise<net.Socket>;
} = {
  max: 1,
  connect_timeout: 3,
  onnotice: () => {},
  socket: () => {
    const socket = net.connect(Number(url.port || 5432), url.hostname);
    sockets.push(socket);
    return new Promise<net.Socket>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('error', reject);
    });
  },
};
const sql = postgres(ADMIN_URL, options);

afterAll(async () => {
  await sql.end({ timeout: 1 });
});

it('a connection that closes with a query still waiting to be written connects again and answers the next query', async () => {
  expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
  // A query's bytes wait for the next turn of the event loop; the socket closes before then,
  // as when PostgreSQL terminates the connection under a busy server.
  const lost = sql`select 2 as two`.catch((err: { code?: string }) => err.code);
  sockets.at(-1)!.destroy();
  expect(await lost).toBe('CONNECTION_CLOSED');
  // The next query needs a new connection; the driver must send its startup message.
  expect(await sql`select 3 as three`).toEqual([{ three: 3 }]);
  expect(sockets).toHaveLength(2);
}, 15_000);
