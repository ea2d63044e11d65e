import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unzip, zip } from './zip.ts';

// The data export's archive (decision 045) opens in an ordinary unzip tool with its names and bytes.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const entries = [
  { name: 'my-data.json', data: '{"account":{"firstName":"Zoé"}}' },
  { name: 'files/1-waiver é.pdf', data: new Uint8Array([37, 80, 68, 70, 0, 255, 10]) },
  { name: 'empty.csv', data: '' },
];

describe('zip', () => {
  it('writes an archive python and unzip open, with the same names and bytes', () => {
    const file = path.join(dir, 'a.zip');
    fs.writeFileSync(file, zip(entries, new Date('2026-11-27T13:45:10Z')));
    expect(execFileSync('unzip', ['-tq', file]).toString()).toMatch(/No errors detected/);
    const listed = execFileSync('python3', [
      '-c',
      'import sys, zipfile, json; z = zipfile.ZipFile(sys.argv[1]); print(json.dumps([[i.filename, list(z.read(i)), list(i.date_time)] for i in z.infolist()]))',
      file,
    ]).toString();
    expect(JSON.parse(listed)).toEqual(
      entries.map((e) => [
        e.name,
        [...(typeof e.data === 'string' ? Buffer.from(e.data) : e.data)],
        [2026, 11, 27, 13, 45, 10],
      ]),
    );
  });

  it('reads its own archives back, and refuses a damaged one', () => {
    const archive = zip(entries, new Date('2026-11-27T13:45:10Z'));
    expect(unzip(archive).map((e) => [e.name, e.data.toString('latin1')])).toEqual(
      entries.map((e) => [e.name, Buffer.from(e.data).toString('latin1')]),
    );
    const damaged = Buffer.from(archive);
    const at = 30 + Buffer.byteLength('my-data.json') + 3;
    damaged[at] = damaged[at]! ^ 1;
    expect(() => unzip(damaged)).toThrow(/CRC mismatch/);
    expect(() => zip([entries[0]!, entries[0]!], new Date())).toThrow(/Two entries/);
  });
});
