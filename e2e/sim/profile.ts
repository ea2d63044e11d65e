import fs from 'node:fs/promises';
import path from 'node:path';

// Where a server's time went, from the V8 CPU profiles its processes wrote (SIM_PROFILE=dir runs
// the servers with --cpu-prof): self time by package or source file, and the busiest functions.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (node_modules/<name>) or repository folder a script belongs to. */
function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const repo = /\/(sync-server|shared|web)\/src\/(.*)$/.exec(url);
  if (repo) return `${repo[1]}/${path.dirname(repo[2]!)}`;
  return url.startsWith('node:') ? 'node core' : url;
}

/**
 * A span of the machine's monotonic clock, in µs (`process.hrtime`): every process on the machine
 * shares it, and V8 dates its samples on it, so a span the simulator took applies to the servers.
 */
export interface Window {
  label: string;
  fromUs: number;
  toUs: number;
}

export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

export async function summarizeProfiles(dir: string, top = 12, window?: Window): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const file of files) {
    const profile = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let t = profile.startTime;
    for (const [i, id] of profile.samples.entries()) {
      const frame = nodes.get(id)!.callFrame;
      const us = profile.timeDeltas[i] ?? 0;
      t += us;
      if (window && (t < window.fromUs || t > window.toUs)) continue;
      if (frame.functionName === '(idle)') continue;
      busy += us;
      const area = areaOf(frame.url, frame.functionName);
      byArea.set(area, (byArea.get(area) ?? 0) + us);
      const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : '';
      const fn = `${frame.functionName || '(anonymous)'} ${where}`.trim();
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    }
  }
  const share = (us: number) => `${((100 * us) / busy).toFixed(1)}%`.padStart(6);
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `Server CPU profile${window ? `, ${window.label}` : ''} (${files.length} process(es), ${(busy / 1e6).toFixed(1)} s busy): self time by area`,
    ...sorted(byArea).map(([k, us]) => `  ${share(us)}  ${k}`),
    'busiest functions (self time)',
    ...sorted(byFunction).map(([k, us]) => `  ${share(us)}  ${k}`),
  ];
}
