import net from 'node:net';

/**
 * A loopback TCP proxy in front of PostgreSQL, to take the database away from a server and
 * give it back without touching PostgreSQL itself (other test runs share it): `down()` drops
 * every connection and refuses new ones, as a restarting PostgreSQL does; `up()` listens again
 * on the same port.
 */
export interface PgProxy {
  port: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startPgProxy(target = { host: '127.0.0.1', port: 5432 }, port = 0): Promise<PgProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let boundPort = port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const srv = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.once('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      srv.once('error', reject);
      srv.listen(boundPort, '127.0.0.1', () => {
        boundPort = (srv.address() as net.AddressInfo).port;
        server = srv;
        resolve();
      });
    });

  const down = async () => {
    const srv = server;
    server = undefined;
    for (const s of sockets) s.destroy();
    if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return boundPort;
    },
    down,
    up: () => (server ? Promise.resolve() : listen()),
    close: down,
  };
}
