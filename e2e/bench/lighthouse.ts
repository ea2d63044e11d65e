// `npm run bench -w @tournament/e2e`: Lighthouse (mobile) on the home page of a fresh
// stack, and the gzip size of the JavaScript that page loads. Prints figures only;
// asserts nothing. Serves the web build as it is: run `npm run build` first.
import { spawn } from 'node:child_process';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchBrowser } from '../src/browser.ts';
import { REPO_ROOT, startStack } from '../src/stack.ts';

interface LighthouseReport {
  categories: Record<string, { title: string; score: number | null }>;
  runtimeError?: { code: string; message: string };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

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

/** Every script response the home page loads, with its raw and gzip sizes. */
async function homePageScripts(baseUrl: string): Promise<{ url: string; raw: number; gzip: number }[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const pending: Promise<{ url: string; raw: number; gzip: number } | undefined>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res.body().then(
          (body) => ({ url: res.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length }),
          () => undefined,
        ),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(pending);
    return scripts.filter((s) => s !== undefined);
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const stack = await startStack();
try {
  const home = await fetch(`${stack.baseUrl}/`);
  if (home.status !== 200) {
    console.log(`GET / answered ${home.status}: is the web app built? (npm run build)`);
  }

  const report = await runLighthouse(`${stack.baseUrl}/`);
  if (report.runtimeError) console.log(`Lighthouse runtime error: ${report.runtimeError.code} ${report.runtimeError.message}`);
  console.log('Lighthouse (mobile), home page');
  for (const id of CATEGORIES) {
    const cat = report.categories[id];
    const score = cat?.score === null || cat?.score === undefined ? 'n/a' : String(Math.round(cat.score * 100));
    console.log(`  ${(cat?.title ?? id).padEnd(16)} ${score}`);
  }

  const scripts = await homePageScripts(stack.baseUrl);
  console.log('JavaScript loaded by the home page');
  for (const s of scripts) {
    console.log(`  ${new URL(s.url).pathname.padEnd(48)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`);
  }
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`  total: ${scripts.length} script(s), ${kb(total)} gzip (${total} bytes)`);
} finally {
  await stack.stop();
}
