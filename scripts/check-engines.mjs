// Checks that the Node the project runs on satisfies every installed package's `engines.node`.
//
//   node scripts/check-engines.mjs
//
// The runtime is the `node` package pinned in the root package.json (decision 044): npm scripts
// run on it whatever the system's Node is. A dependency that asks for a newer Node, added or
// upgraded later, fails this check instead of failing at run time. Prints each package that
// does not fit and exits 1; prints a one-line summary otherwise.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

const runtime = manifest.dependencies?.node;
if (!semver.valid(runtime)) {
  console.error(`package.json must pin the runtime exactly in dependencies.node (found ${runtime})`);
  process.exit(1);
}
if (!semver.satisfies(runtime, manifest.engines?.node ?? '*')) {
  console.error(`the pinned runtime ${runtime} does not satisfy the root engines.node ${manifest.engines?.node}`);
  process.exit(1);
}

let declaring = 0;
const misfits = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  const wanted = entry.engines?.node;
  if (!where || typeof wanted !== 'string') continue;
  declaring += 1;
  if (!semver.satisfies(runtime, wanted)) misfits.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version}: node ${wanted}`);
}
if (misfits.length > 0) {
  console.error(`Node ${runtime} does not satisfy the engines of:\n  ${misfits.join('\n  ')}`);
  process.exit(1);
}
console.log(`Node ${runtime} satisfies the engines of all ${declaring} packages that declare one (running on ${process.version})`);
