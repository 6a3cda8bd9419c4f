// npm pack's prepack (`strip`) and postpack (`restore`): the packed package.json leaves out `prepare`,
// the checkout's build on `npm ci`, which npm otherwise lists for every install of the tarball as an
// install script to approve, naming a scripts/ folder that the package does not ship.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
// Outside the package's `files`, so never packed; ignored by git.
const backup = join(root, '.package.json.before-pack');

/** Renames over package.json: a reader (vitest, a build) sees the old or the new file, never half of one. */
function replaceManifest(text) {
  const next = `${manifest}.${process.pid}.tmp`;
  writeFileSync(next, text);
  renameSync(next, manifest);
}

const mode = process.argv[2];
if (mode === 'strip') {
  // A pack that died before its postpack left the real manifest here: start from it.
  if (existsSync(backup)) renameSync(backup, manifest);
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  delete pkg.scripts.prepare;
  writeFileSync(backup, text);
  replaceManifest(`${JSON.stringify(pkg, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(backup)) renameSync(backup, manifest);
} else {
  process.stderr.write('usage: node scripts/pack-manifest.js strip|restore\n');
  process.exit(2);
}
