import http from 'node:http';
import type net from 'node:net';

// A loopback HTTP proxy between the browser and the server (the offline tests of decision 010):
// `cut()` drops every open connection and refuses new ones, as venue wifi going away would; the
// browser's service worker cannot bypass it (`context.setOffline` does not cover service workers).

export interface CutProxy {
  url: string;
  port: number;
  cut(): void;
  restore(): void;
  /**
   * From now on, for requests whose path starts with `path`: forward the request, wait for
   * the server's whole answer, then destroy the client socket instead of answering, for a
   * `fraction` of them chosen by a pseudo-random sequence seeded with `seed` (repeatable).
   * `null` stops dropping.
   */
  dropResponses(rule: { path: string; fraction: number; seed: number } | null): void;
  /** How many answers were dropped, and how many were delivered, under the drop rule. */
  dropStats(): { dropped: number; delivered: number };
  /** How many requests whose path starts with `prefix` were forwarded so far. */
  seen(prefix: string): number;
  /** Called with each request's path as it is forwarded (before the server answers). */
  onRequest(listener: ((path: string) => void) | null): void;
  /**
   * Drops, without forwarding, requests whose path starts with one of `prefixes` (that part of
   * the server cannot be reached); `[]` stops.
   */
  block(prefixes: string[]): void;
  /**
   * Serves the file at `pathname` (query ignored) with its body passed through `edit`: a new
   * build of the app as the browser would fetch it. The request goes upstream uncompressed and
   * unconditional, so the edit always sees the whole file. `null` stops rewriting that path.
   */
  rewrite(pathname: string, edit: ((body: string) => string) | null): void;
  close(): Promise<void>;
}

/** Listens on the first free port of `ports` (this suite's range) and forwards to `target`. */
export async function startCutProxy(target: string, ports: number[] = range(3800, 3849)): Promise<CutProxy> {
  const to = new URL(target);
  let isCut = false;
  let drop: { path: string; fraction: number; next: () => number } | null = null;
  const stats = { dropped: 0, delivered: 0 };
  let listener: ((path: string) => void) | null = null;
  const forwarded: string[] = [];
  let blocked: string[] = [];
  const rewrites = new Map<string, (body: string) => string>();
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    if (isCut) {
      req.socket.destroy();
      return;
    }
    const path = req.url ?? '/';
    if (blocked.some((prefix) => path.startsWith(prefix))) {
      req.socket.destroy();
      return;
    }
    const edit = rewrites.get(path.split('?')[0]!);
    const headers = { ...req.headers };
    if (edit) {
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const dropThis = drop && path.startsWith(drop.path) ? drop.next() < drop.fraction : null;
    const upstream = http.request(
      {
        host: to.hostname === 'localhost' ? '127.0.0.1' : to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers,
      },
      (up) => {
        if (edit && (up.statusCode ?? 0) === 200) {
          const parts: Buffer[] = [];
          up.on('data', (c: Buffer) => parts.push(c));
          up.on('end', () => {
            const body = Buffer.from(edit(Buffer.concat(parts).toString('utf8')), 'utf8');
            const out = { ...up.headers, 'content-length': String(body.length) };
            delete out.etag;
            delete out['last-modified'];
            delete out['content-encoding'];
            res.writeHead(200, out);
            res.end(body);
          });
          up.on('error', () => res.destroy());
          return;
        }
        if (dropThis === null) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        // Read the server's whole answer (it has committed), then answer or drop it.
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          if (dropThis) {
            stats.dropped += 1;
            req.socket.destroy();
            return;
          }
          stats.delivered += 1;
          res.writeHead(up.statusCode ?? 502, up.headers);
          res.end(Buffer.concat(chunks));
        });
        up.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
    forwarded.push(path);
    listener?.(path);
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
    dropResponses(rule) {
      drop = rule && { path: rule.path, fraction: rule.fraction, next: mulberry32(rule.seed) };
    },
    dropStats: () => ({ ...stats }),
    seen: (prefix) => forwarded.filter((p) => p.startsWith(prefix)).length,
    onRequest(l) {
      listener = l;
    },
    block(prefixes) {
      blocked = [...prefixes];
    },
    rewrite(pathname, edit) {
      if (edit) rewrites.set(pathname, edit);
      else rewrites.delete(pathname);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A small seeded pseudo-random generator: the same seed gives the same sequence in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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
