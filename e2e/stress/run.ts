// The flake hunt: runs the unit suites and each end-to-end file several times while a busy
// loop keeps one core of the machine, and prints how often each test failed. CI runs on two
// cores under whatever else the machine does; a race between a screen and IndexedDB, or a
// page and its service worker, shows up here long before it costs a day's submission.
//
//   npm run test:stress                                   # everything, 5 runs each
//   STRESS_RUNS=3 STRESS_FILES=matchday npm run test:stress
//   STRESS_SUITES=web,shared npm run test:stress           # the unit suites only, no build
//
// STRESS_RUNS      runs of each suite and of each end-to-end file (default 5)
// STRESS_SUITES    which of web, shared, e2e (default all three)
// STRESS_FILES     comma-separated parts of test file paths: only the files they match, in
//                  every suite chosen (a suite with none is left out)
// STRESS_HOG       0 runs without the busy loop (to compare)
// STRESS_BUILD     0 skips building the web app before the end-to-end runs (it is built already)
// STRESS_TIMEOUT_MIN  a run still going after this many minutes is stopped and counts as failed (default 30)
//
// Each run's output is kept in a log directory (printed at the start and the end). The exit
// code is 1 if any run failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

type SuiteName = 'web' | 'shared' | 'e2e';
const SUITES: Record<SuiteName, { workspace: string; dir: string; script: string; testFile: RegExp }> = {
  web: { workspace: '@tournament/web', dir: 'web', script: 'test', testFile: /^src\/.*\.test\.tsx?$/ },
  shared: { workspace: '@tournament/shared', dir: 'shared', script: 'test', testFile: /^src\/.*\.test\.ts$/ },
  e2e: { workspace: '@tournament/e2e', dir: 'e2e', script: 'e2e', testFile: /^tests\/.*\.e2e\.ts$/ },
};

function envList(name: string): string[] | null {
  const value = process.env[name]?.trim();
  if (!value) return null;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number of at least 1 (got "${value}")`);
  return n;
}

const runs = envInt('STRESS_RUNS', 5);
const timeoutMs = envInt('STRESS_TIMEOUT_MIN', 30) * 60_000;
const hogWanted = process.env.STRESS_HOG !== '0';
const buildWanted = process.env.STRESS_BUILD !== '0';
const fileFilters = envList('STRESS_FILES');
const suiteNames = (envList('STRESS_SUITES') ?? Object.keys(SUITES)) as SuiteName[];
for (const s of suiteNames) {
  if (!(s in SUITES)) throw new Error(`STRESS_SUITES: unknown suite "${s}" (web, shared or e2e)`);
}

/** The test files of a suite, relative to its workspace, in a stable order. */
function testFiles(suite: SuiteName): string[] {
  const { dir, testFile } = SUITES[suite];
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => testFile.test(f) && !f.includes('node_modules/'))
    .sort();
}

/** What runs N times: a whole unit suite (or the files of it STRESS_FILES names), or one e2e file. */
interface Target {
  suite: SuiteName;
  label: string;
  /** Files handed to vitest; empty for a whole suite. */
  files: string[];
}

function targets(): Target[] {
  const out: Target[] = [];
  for (const suite of suiteNames) {
    const all = testFiles(suite);
    const chosen = fileFilters ? all.filter((f) => fileFilters.some((part) => f.includes(part))) : all;
    if (chosen.length === 0) continue;
    if (suite === 'e2e') {
      for (const f of chosen) out.push({ suite, label: `e2e ${f}`, files: [f] });
    } else {
      out.push({
        suite,
        label: fileFilters ? `${suite} (${chosen.length} file${chosen.length === 1 ? '' : 's'})` : suite,
        files: fileFilters ? chosen : [],
      });
    }
  }
  return out;
}

// ---- Processes -----------------------------------------------------------------------------

const children = new Set<ChildProcess>();

/** Ends a child and everything it started (it leads a process group of its own). */
function endGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const c of children) endGroup(c);
    process.exit(130);
  });
}
process.on('exit', () => {
  for (const c of children) endGroup(c);
});

/** Runs a command in its own process group, its output to `log`; resolves with its exit code (null: stopped). */
function run(cmd: string, args: string[], log: string): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const child = spawn(cmd, args, {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: process.env.CI ?? 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    children.add(child);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    const timer = setTimeout(() => {
      out.push(Buffer.from(`\n[stress] stopped after ${timeoutMs / 60_000} min\n`));
      endGroup(child);
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      children.delete(child);
      // Whatever the run left behind (a browser, a server) goes with it.
      endGroup(child);
      writeFileSync(log, Buffer.concat(out));
      resolve({ code, ms: Date.now() - started });
    });
  });
}

/** A busy loop in a child process: one core taken, as on a CI machine doing something else. */
function startHog(): ChildProcess {
  const hog = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true });
  children.add(hog);
  return hog;
}

// ---- Results -------------------------------------------------------------------------------

/** The parts of vitest's JSON report read here. */
interface JsonReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: {
      ancestorTitles: string[];
      title: string;
      status: string;
      failureMessages?: string[];
    }[];
  }[];
}

interface Tally {
  target: Target;
  runs: number;
  failedRuns: number;
  times: number[];
  /** Failures by test ("file › describe › title"); a file that did not load counts under the file. */
  failures: Map<string, { count: number; first: string }>;
}

function firstLine(text: string | undefined): string {
  const line = (text ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  return line.trim().slice(0, 160);
}

function addFailure(tally: Tally, key: string, message: string | undefined): void {
  const f = tally.failures.get(key) ?? { count: 0, first: firstLine(message) };
  f.count += 1;
  tally.failures.set(key, f);
}

/** Adds one run's failures to the tally: how many, or null if the run left no report (it crashed or was stopped). */
function record(tally: Tally, reportPath: string, suiteDir: string): number | null {
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8')) as JsonReport;
  } catch {
    return null;
  }
  let count = 0;
  const add = (key: string, message: string | undefined) => {
    addFailure(tally, key, message);
    count += 1;
  };
  for (const file of report.testResults) {
    const rel = path.relative(path.join(root, suiteDir), file.name).split(path.sep).join('/');
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) add([rel, ...a.ancestorTitles, a.title].join(' › '), a.failureMessages?.[0]);
    // A file that failed without a failed test: it did not load, or a hook threw.
    if (file.status === 'failed' && failed.length === 0) add(`${rel} (the file itself)`, file.message);
  }
  return count;
}

/** Why a run failed that reported no failed test: vitest's unhandled error, or where the log is. */
function unreportedCause(log: string, logName: string): string {
  const lines = readFileSync(log, 'utf8').split('\n');
  const at = lines.findIndex((l) => /Unhandled (Error|Rejection)/.test(l));
  const cause = at >= 0 ? lines.slice(at + 1).find((l) => /\w*Error\b/.test(l)) : undefined;
  return cause ? `${cause.trim()} (${logName})` : `see ${logName}`;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)}s`;

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function table(tallies: Tally[], hog: boolean): string {
  const lines: string[] = [];
  lines.push(
    `Stress: ${runs} run${runs === 1 ? '' : 's'} each, ${hog ? 'a busy loop on one core' : 'no busy loop'}`,
  );
  lines.push('');
  const w = Math.max(20, ...tallies.map((t) => t.target.label.length)) + 2;
  lines.push(`${pad('suite / file', w)}${pad('runs', 6)}${pad('failed', 8)}time per run`);
  for (const t of tallies) {
    const time =
      t.times.length > 0 ? `${seconds(Math.min(...t.times))}-${seconds(Math.max(...t.times))}` : '';
    lines.push(`${pad(t.target.label, w)}${pad(String(t.runs), 6)}${pad(String(t.failedRuns), 8)}${time}`);
  }
  lines.push('');
  const failing = tallies.flatMap((t) => [...t.failures].map(([test, f]) => ({ t, test, f })));
  if (failing.length === 0) {
    lines.push('No test failed.');
  } else {
    lines.push('Failures per test (failed runs / runs):');
    failing.sort((a, b) => b.f.count - a.f.count || a.test.localeCompare(b.test));
    for (const { t, test, f } of failing) {
      lines.push(`  ${f.count}/${t.runs}  ${t.target.suite}: ${test}`);
      if (f.first) lines.push(`         ${f.first}`);
    }
  }
  return lines.join('\n');
}

// ---- Main ----------------------------------------------------------------------------------

async function main(): Promise<number> {
  const chosen = targets();
  if (chosen.length === 0) {
    console.error('Nothing to run: STRESS_SUITES and STRESS_FILES match no test file.');
    return 1;
  }
  const logDir = mkdtempSync(path.join(tmpdir(), 'stress-'));
  console.log(`Logs: ${logDir}`);

  if (buildWanted && chosen.some((t) => t.suite === 'e2e')) {
    // The end-to-end suite serves the built app; it is built once, before the busy loop starts.
    console.log('Building the web app (npm run build -w @tournament/web)...');
    const build = await run('npm', ['run', 'build', '-w', '@tournament/web'], path.join(logDir, 'build.log'));
    if (build.code !== 0) {
      console.error(`The build failed (exit ${build.code}); see ${path.join(logDir, 'build.log')}`);
      return 1;
    }
  }

  const hog = hogWanted ? startHog() : null;
  if (hog) console.log(`Busy loop on one core: pid ${hog.pid}`);

  const tallies: Tally[] = chosen.map((target) => ({
    target,
    runs: 0,
    failedRuns: 0,
    times: [],
    failures: new Map(),
  }));
  for (const tally of tallies) {
    const { suite, files } = tally.target;
    const { workspace, dir, script } = SUITES[suite];
    for (let i = 1; i <= runs; i++) {
      const name = `${tally.target.label.replace(/[^a-zA-Z0-9]+/g, '-')}-${i}`;
      const reportPath = path.join(logDir, `${name}.json`);
      const args = ['run', script, '-w', workspace, '--', ...files];
      args.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`);
      const log = path.join(logDir, `${name}.log`);
      const result = await run('npm', args, log);
      tally.runs += 1;
      tally.times.push(result.ms);
      const reported = record(tally, reportPath, dir);
      const failed = result.code !== 0;
      if (failed) tally.failedRuns += 1;
      if (failed && !reported) {
        const how = result.code === null ? 'was stopped' : `ended with exit ${result.code}`;
        addFailure(tally, `(the run ${how}, no failed test reported)`, unreportedCause(log, `${name}.log`));
      }
      console.log(
        `[${tally.target.label} ${i}/${runs}] ${failed ? 'FAILED' : 'ok'} in ${seconds(result.ms)}`,
      );
    }
  }

  if (hog) endGroup(hog);
  const text = table(tallies, hog !== null);
  writeFileSync(path.join(logDir, 'table.txt'), `${text}\n`);
  console.log(`\n${text}\n\nLogs: ${logDir}`);
  return tallies.some((t) => t.failedRuns > 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
