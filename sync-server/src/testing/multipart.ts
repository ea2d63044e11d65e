import type { TestApp } from './harness.ts';
import { insertFamily } from './fixtures.ts';

// Uploads as the server tests send them (file sharing, decision 025).

/** A multipart body written by hand, as an attacker (or an old browser) could send it. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const boundary = `----nomac${Math.random().toString(16).slice(2)}`;
  const parts: Uint8Array[] = [];
  const enc = new TextEncoder();
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.bytes,
      enc.encode('\r\n'),
    );
  }
  parts.push(enc.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    body.set(p, at);
    at += p.byteLength;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a multipart form to `url` as the holder of `token`. */
export async function sendMultipart(
  t: TestApp,
  url: string,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array },
) {
  const { body, contentType } = multipart(fields, file);
  const res = await t.app.request(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType },
    body,
  });
  const text = await res.text();
  const json: any = text ? JSON.parse(text) : undefined; // tests read answers loosely
  return { status: res.status, json, text };
}

/** GET /api/files/{fileId}: the answer and its bytes. */
export async function downloadFile(t: TestApp, fileId: string, token: string) {
  const res = await t.app.request(`/api/files/${fileId}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A minimal PDF: what file-type recognizes as application/pdf. */
export const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n',
);

/**
 * The file-sharing tests' people: the Lees (Maya) and the Okafors (Obi), each with a
 * registration for the next tournament, a CheckInAdmin and a director at the desk.
 */
export async function fileSharingFamilies(t: TestApp) {
  const tournamentId = (await t.call('GET', '/api/tournaments')).json[0].id as number;
  const levelId = (
    await t.call('GET', `/api/admin/competitor-levels`, undefined, (await t.createUser('SuperAdmin')).token)
  ).json[0].id as number;
  const lee = await t.createUser('Customer', { firstName: 'Sam', lastName: 'Lee' });
  const okafor = await t.createUser('Customer', { firstName: 'Ada', lastName: 'Okafor' });
  const checkIn = await t.createUser('CheckInAdmin');
  const director = await t.createUser('TournamentDirector');
  const family = async (ownerUserId: number, child: string) =>
    (await insertFamily(t, { ownerUserId, tournamentId, competitorLevelId: levelId, competitors: [child] }))
      .registrationId;
  return {
    lee,
    okafor,
    checkIn,
    director,
    leeRegistration: await family(lee.user.id, 'Maya'),
    okaforRegistration: await family(okafor.user.id, 'Obi'),
  };
}
