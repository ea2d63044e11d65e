import http from 'node:http';
import type net from 'node:net';

// A loopback HTTP proxy between the browser and the server (issue 6 tests): `cut()` drops
// every open connection and refuses new ones, as venue wifi going away would; the browser's
// service worker cannot bypass it (`context.setOffline` does not cover service workers).

export interface CutProxy {
  url: string;
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Listens on the first free port of `ports` (this suite's range) and forwards to `target`. */
export async function startCutProxy(target: string, ports: number[] = range(3800, 3849)): Promise<CutProxy> {
  const to = new URL(target);
  let isCut = false;
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    if (isCut) {
      req.socket.destroy();
      return;
    }
    const upstream = http.request(
      {
        host: to.hostname === 'localhost' ? '127.0.0.1' : to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    if (isCut) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenOnFirstFree(server, ports);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    cut() {
      isCut = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

async function listenOnFirstFree(server: http.Server, ports: number[]): Promise<number> {
  for (const port of ports) {
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return port;
  }
  throw new Error(`no free port among ${ports[0]}-${ports[ports.length - 1]}`);
}
