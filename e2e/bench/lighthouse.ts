// `npm run bench -w @tournament/e2e`: Lighthouse (mobile, simulated throttling) on the public
// pages a visitor lands on, on a fresh stack, and the gzip size of the JavaScript each loads
// on arrival and once the visitor acts, every figure beside its goal (decisions 020
// and 031). Prints figures only; asserts
// nothing. Serves the web build as it is: run `npm run build` first.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchBrowser } from '../src/browser.ts';
import { REPO_ROOT, startStack } from '../src/stack.ts';

interface LighthouseReport {
  categories: Record<
    string,
    { title: string; score: number | null; auditRefs?: { id: string; weight: number }[] }
  >;
  audits: Record<
    string,
    { numericValue?: number; score?: number | null; title?: string; details?: unknown } | undefined
  >;
  runtimeError?: { code: string; message: string };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The fast public pages' goals (decision 020): the lowest score of each category on every page. */
const SCORE_GOALS: Record<string, number> = {
  performance: 0.98,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
};
/** Each page in English, then in French (its `hreflang` address): the goals hold in both (decision 037). */
const PAGES =
  process.env.BENCH_PAGES?.split(',') ??
  ['', '?lang=fr'].flatMap((lang) =>
    ['/', '/contact', '/user/login', '/user/register'].map((p) => `${p}${lang}`),
  );
const HOME_LCP_GOAL_MS = 1200;
const HOME_TBT_GOAL_MS = 100;
const JS_GOAL_BYTES = 60 * 1024;

async function runLighthouse(url: string): Promise<LighthouseReport> {
  const cli = path.join(REPO_ROOT, 'node_modules/lighthouse/cli/index.js');
  const args = [
    cli,
    url,
    '--form-factor=mobile',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${[...CHROMIUM_FLAGS, '--headless=new'].join(' ')}`,
  ];
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.once('error', reject);
    proc.once('close', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}:\n${err}`));
      try {
        resolve(JSON.parse(out) as LighthouseReport);
      } catch {
        reject(new Error(`lighthouse printed no JSON report:\n${err}\n${out.slice(0, 2000)}`));
      }
    });
  });
}

type Script = { url: string; raw: number; gzip: number };

/**
 * Every script response a page loads on arrival, then the ones it loads once the visitor acts
 * (a key press: the app starts at the first touch, key or focus; decision 031) and the page
 * has hydrated.
 */
async function pageScripts(pageUrl: string): Promise<{ arrival: Script[]; acted: Script[] }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    let pending: Promise<Script | undefined>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res.body().then(
          (body) => ({ url: res.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length }),
          () => undefined,
        ),
      );
    });
    const settle = async () => {
      const scripts = await Promise.all(pending);
      pending = [];
      return scripts.filter((s) => s !== undefined);
    };
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    const arrival = await settle();
    await page.keyboard.press('Shift');
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    return { arrival, acted: await settle() };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'meets goal' : 'BELOW GOAL');

const stack = await startStack();
try {
  const home = await fetch(`${stack.baseUrl}/`);
  if (home.status !== 200) {
    console.log(`GET / answered ${home.status}: is the web app built? (npm run build)`);
  }
  // The server renders a public page once per change of its data (decision 020): the first
  // visitor after a start waits for that render, every later one gets it kept. Measure the latter.
  for (const pagePath of PAGES) await (await fetch(`${stack.baseUrl}${pagePath}`)).text();

  console.log('Lighthouse 12.8 (mobile, simulated throttling): score (goal)');
  // Floors, measured in the same run: a bare HTML page (a heading and a paragraph, no
  // stylesheet, no script) from a bare Node server, then the same page with the headers the
  // app sends with its home page. What they cost is this machine and Chromium, not the app.
  // The second shows what the security headers cost: Cross-Origin-Opener-Policy makes Chromium
  // put the page in a browsing context group, and a process, of its own, and that work lands
  // on the page's main thread (decision 031).
  const appHeaders: Record<string, string> = {};
  home.headers.forEach((value, name) => {
    if (
      !['content-length', 'content-encoding', 'date', 'connection', 'keep-alive', 'x-request-id'].includes(
        name,
      )
    )
      appHeaders[name] = value;
  });
  const floorServer = http.createServer((req, res) => {
    res.writeHead(
      200,
      req.url === '/with-headers' ? appHeaders : { 'content-type': 'text/html; charset=utf-8' },
    );
    res.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="A bare page"><title>Floor</title></head><body><main><h1>Floor</h1><p>A bare HTML page.</p></main></body></html>',
    );
  });
  await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = floorServer.address() as AddressInfo;
    for (const [label, floorPath] of [
      ['floor, a bare HTML page', '/'],
      ["floor, the same with the home page's headers", '/with-headers'],
    ] as const) {
      const floor = await runLighthouse(`http://127.0.0.1:${port}${floorPath}`);
      const value = (audit: string) => Math.round(floor.audits[audit]?.numericValue ?? NaN);
      console.log(
        `  ${label}: performance ${floor.categories.performance?.score?.toFixed(2) ?? 'n/a'}, FCP ${value('first-contentful-paint')} ms, LCP ${value('largest-contentful-paint')} ms, TBT ${value('total-blocking-time')} ms`,
      );
    }
  } finally {
    floorServer.close();
  }
  for (const pagePath of PAGES) {
    const report = await runLighthouse(`${stack.baseUrl}${pagePath}`);
    if (report.runtimeError) {
      console.log(
        `  ${pagePath}: Lighthouse runtime error: ${report.runtimeError.code} ${report.runtimeError.message}`,
      );
    }
    console.log(`  ${pagePath}`);
    for (const id of CATEGORIES) {
      const cat = report.categories[id];
      const score = cat?.score ?? null;
      const goal = SCORE_GOALS[id] ?? 1;
      const shown = score === null ? 'n/a' : score.toFixed(2);
      console.log(
        `    ${(cat?.title ?? id).padEnd(16)} ${shown.padStart(5)}  (goal >= ${goal.toFixed(2)})  ${verdict(score !== null && score >= goal)}`,
      );
      // What a score below the goal is made of: the scored audits that did not pass.
      if (id !== 'performance' && score !== null && score < goal) {
        for (const ref of cat?.auditRefs ?? []) {
          const audit = report.audits[ref.id];
          if (ref.weight > 0 && audit?.score !== null && audit?.score !== undefined && audit.score < 1)
            console.log(
              `      failed: ${ref.id} (${audit.title ?? ''}) ${JSON.stringify(audit.details ?? {}).slice(0, 400)}`,
            );
        }
      }
    }
    const ms = (audit: string) => report.audits[audit]?.numericValue;
    const fcp = ms('first-contentful-paint');
    const lcp = ms('largest-contentful-paint');
    const tbt = ms('total-blocking-time');
    const fmt = (v: number | undefined) => (v === undefined ? 'n/a' : `${Math.round(v)} ms`);
    console.log(`    ${'FCP'.padEnd(16)} ${fmt(fcp).padStart(8)}`);
    if (new URL(pagePath, stack.baseUrl).pathname === '/') {
      console.log(
        `    ${'LCP'.padEnd(16)} ${fmt(lcp).padStart(8)}  (goal < ${HOME_LCP_GOAL_MS} ms)  ${verdict(lcp !== undefined && lcp < HOME_LCP_GOAL_MS)}`,
      );
      console.log(
        `    ${'TBT'.padEnd(16)} ${fmt(tbt).padStart(8)}  (goal < ${HOME_TBT_GOAL_MS} ms)  ${verdict(tbt !== undefined && tbt < HOME_TBT_GOAL_MS)}`,
      );
    } else {
      console.log(`    ${'LCP'.padEnd(16)} ${fmt(lcp).padStart(8)}`);
      console.log(`    ${'TBT'.padEnd(16)} ${fmt(tbt).padStart(8)}`);
    }
  }

  console.log(
    `JavaScript loaded by each public page on arrival (goal < ${kb(JS_GOAL_BYTES)} gzip), and once the visitor acts`,
  );
  const list = (scripts: Script[]) => {
    for (const s of scripts) {
      console.log(
        `      ${new URL(s.url).pathname.padEnd(44)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`,
      );
    }
    return scripts.reduce((sum, s) => sum + s.gzip, 0);
  };
  for (const pagePath of PAGES) {
    const { arrival, acted } = await pageScripts(`${stack.baseUrl}${pagePath}`);
    console.log(`  ${pagePath}`);
    console.log('    on arrival:');
    const total = list(arrival);
    console.log(
      `      total: ${arrival.length} script(s), ${kb(total)} gzip (${total} bytes)  (goal < ${kb(JS_GOAL_BYTES)})  ${verdict(total < JS_GOAL_BYTES)}`,
    );
    console.log('    once the visitor acts (a key press; the app starts and hydrates the page):');
    const later = list(acted);
    console.log(
      `      total: ${acted.length} more script(s), ${kb(later)} gzip; ${kb(total + later)} in all`,
    );
  }
} finally {
  await stack.stop();
}
