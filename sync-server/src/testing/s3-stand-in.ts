import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for an S3-compatible service at its HTTP boundary (decision 030):
// the server under test uses the real `@aws-sdk/client-s3` with S3_ENDPOINT pointing here and
// path-style addresses (`/<bucket>/<key>`). It checks each request's SigV4 signature with the
// stand-in's keys, keeps the objects it is given, and answers PutObject, GetObject, HeadObject
// and DeleteObject as S3 does (XML errors such as NoSuchKey and SignatureDoesNotMatch).

export interface StandInObject {
  body: Buffer;
  contentType: string | undefined;
}

export interface S3StandIn {
  /** Base URL, for S3_ENDPOINT. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's objects by key. */
  objects: Map<string, StandInObject>;
  /** Every request that passed the signature check, as `METHOD key`. */
  requests: string[];
  close(): Promise<void>;
}

const hmac = (key: crypto.BinaryLike, text: string) => crypto.createHmac('sha256', key).update(text).digest();
const sha256Hex = (data: crypto.BinaryLike) => crypto.createHash('sha256').update(data).digest('hex');
/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Whether the request carries a valid AWS Signature Version 4 made with `secret`. */
function signatureProblem(
  req: http.IncomingMessage,
  body: Buffer,
  opts: { accessKeyId: string; secretAccessKey: string; region: string },
): string | undefined {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!auth) return 'no SigV4 Authorization header';
  const [, keyId, day, region, signedHeaders, signature] = auth as unknown as string[];
  if (keyId !== opts.accessKeyId) return 'unknown access key';
  if (region !== opts.region) return 'wrong region';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) return 'payload hash mismatch';
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headerNames = (signedHeaders ?? '').split(';');
  const headers = headerNames
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  let key = hmac(`AWS4${opts.secretAccessKey}`, day ?? '');
  for (const part of [region ?? '', 's3', 'aws4_request']) key = hmac(key, part);
  return hmac(key, toSign).toString('hex') === signature ? undefined : 'signature mismatch';
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const bucket = 'nomac-files';
  const region = 'ca-central-1';
  const accessKeyId = `AKIA${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = crypto.randomBytes(20).toString('base64');
  const objects = new Map<string, StandInObject>();
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const requestId = crypto.randomBytes(8).toString('hex').toUpperCase();
      const fail = (status: number, code: string, message: string) => {
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${requestId}</RequestId></Error>`;
        res.writeHead(status, { 'Content-Type': 'application/xml', 'x-amz-request-id': requestId });
        res.end(req.method === 'HEAD' ? undefined : xml);
      };
      const problem = signatureProblem(req, body, { accessKeyId, secretAccessKey, region });
      if (problem) {
        fail(403, 'SignatureDoesNotMatch', problem);
        return;
      }
      const [, bucketName, ...rest] = new URL(req.url ?? '/', 'http://stand-in').pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (bucketName !== bucket) {
        fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
        return;
      }
      requests.push(`${req.method} ${key}`);
      const object = objects.get(key);
      const etag = (o: StandInObject) => `"${crypto.createHash('md5').update(o.body).digest('hex')}"`;
      switch (req.method) {
        case 'PUT': {
          const put = { body, contentType: req.headers['content-type'] };
          objects.set(key, put);
          res.writeHead(200, { ETag: etag(put), 'x-amz-request-id': requestId });
          res.end();
          return;
        }
        case 'GET':
        case 'HEAD': {
          if (!object) {
            fail(404, 'NoSuchKey', 'The specified key does not exist.');
            return;
          }
          res.writeHead(200, {
            'Content-Type': object.contentType ?? 'binary/octet-stream',
            'Content-Length': String(object.body.byteLength),
            ETag: etag(object),
            'Last-Modified': new Date().toUTCString(),
            'x-amz-request-id': requestId,
          });
          res.end(req.method === 'GET' ? object.body : undefined);
          return;
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204, { 'x-amz-request-id': requestId });
          res.end();
          return;
        default:
          fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
