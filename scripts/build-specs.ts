// `npm run build:specs -- --config site/specs.other.json`: builds a site of several
// specifications from a site config (site/lib/site-config.ts). The first spec is built at
// the site's root, with the URLs a single-spec site has; every other under /<name>/. Each
// is one `npm run build` (scripts/build-site.mjs, which keeps an up-to-date build) with the
// spec's snapshots and its identity in the environment (site/lib/spec-identity.ts).
//
//   --config FILE   the site config (default site/specs.config.json)
//   --out DIR       output folder (default SPECDELTA_OUT_DIR, else dist)
//   --force         build every spec even when its build is up to date
import { spawnSync } from 'node:child_process';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isUserFacing, InputError } from '../src/index.ts';
import { SPEC_ENV, type SpecLink } from '../site/lib/spec-identity.ts';
import { siteInputProblem } from '../site/lib/lock.ts';
import { readSiteConfig, specPlaces } from '../site/lib/site-config.ts';
import { specSnapshots } from './spec-snapshots.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface Options {
  config: string;
  out: string;
  force: boolean;
}

function parseArgs(args: readonly string[]): Options {
  const options: Options = { config: 'site/specs.config.json', out: process.env['SPECDELTA_OUT_DIR'] || 'dist', force: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--force') options.force = true;
    else if (arg === '--config' || arg === '--out') {
      const value = args[++i];
      if (!value || value.startsWith('--')) throw new InputError(`${arg} needs a value (build:specs ${arg} ${arg === '--config' ? 'site/specs.other.json' : 'DIR'}).`);
      options[arg === '--config' ? 'config' : 'out'] = value;
    } else throw new InputError(`build:specs does not know "${arg}" (it takes --config FILE, --out DIR and --force).`);
  }
  return options;
}

function build(options: Options): number {
  const config = readSiteConfig(options.config);
  const out = isAbsolute(options.out) ? options.out : resolve(process.cwd(), options.out);
  const places = specPlaces(config.specs, process.env['SPECDELTA_BASE'] || '/', out);
  const links: SpecLink[] = places.map((p) => ({ label: p.spec.label, url: p.base }));
  // Snapshots first: a spec that cannot be read stops the build before anything is built.
  const snapshots = places.map((p) => specSnapshots(p.spec, join(root, '.cache/specs', p.spec.name)));
  for (const [i, dir] of snapshots.entries()) {
    const problem = siteInputProblem(dir);
    if (problem !== null) throw new InputError(`${options.config}: the spec "${places[i]!.spec.name}" cannot be built: ${problem}`);
  }
  for (const [i, place] of places.entries()) {
    const { spec } = place;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SPECDELTA_SNAPSHOTS: snapshots[i]!,
      SPECDELTA_OUT_DIR: place.out,
      SPECDELTA_BASE: place.base,
      [SPEC_ENV.label]: spec.label,
      [SPEC_ENV.title]: spec.title,
      [SPEC_ENV.upstream]: spec.upstream,
      [SPEC_ENV.source]: spec.source,
      [SPEC_ENV.pageLabels]: spec.pageLabels,
      [SPEC_ENV.detector]: spec.detector ? '1' : '0',
      // One spec alone links to no other: its pages are exactly a single-spec site's.
      [SPEC_ENV.specs]: links.length > 1 ? JSON.stringify(links) : '',
    };
    process.stdout.write(`specdelta: ${spec.label} (${relative(root, snapshots[i]!) || '.'}) → ${relative(process.cwd(), place.out) || '.'} at ${place.base}\n`);
    const built = spawnSync(process.execPath, [join(root, 'scripts/build-site.mjs'), ...(options.force ? ['--force'] : [])], { cwd: root, env, stdio: 'inherit' });
    if (built.status !== 0) return built.status ?? 2;
  }
  return 0;
}

function main(args: readonly string[]): number {
  try {
    return build(parseArgs(args));
  } catch (error) {
    if (!isUserFacing(error)) throw error;
    process.stderr.write(`specdelta: ${error.message}\n`);
    return 2;
  }
}

process.exit(main(process.argv.slice(2)));
