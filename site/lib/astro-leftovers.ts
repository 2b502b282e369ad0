import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Keeps Astro's own working files out of the built site. When the output folder lies
 * outside the working directory (SPECDELTA_OUT_DIR=/elsewhere), Astro 5 builds its server
 * chunks in `.astro/` under the project root — the folder where its content sync has just
 * written `content-assets.mjs`, `content-modules.mjs` and the like — and copies that whole
 * folder into the output (withastro/astro#14903): two stray `.mjs` files at the site's root.
 *
 * The integration notes the files the sync left in `.astro/` when the build starts and,
 * once the build is done, removes the identical copies from the output's root. A page or a
 * public file of the same name but other content stays.
 */
export function astroLeftovers() {
  let root: URL | null = null;
  let leftovers = new Map<string, Buffer>();
  return {
    name: 'specdelta-astro-leftovers',
    hooks: {
      'astro:config:done': ({ config }: { config: { root: URL } }) => {
        root = config.root;
      },
      'astro:build:start': () => {
        leftovers = root ? filesOf(fileURLToPath(new URL('.astro/', root))) : new Map();
      },
      'astro:build:done': ({ dir }: { dir: URL }) => {
        const out = fileURLToPath(dir);
        for (const [name, body] of leftovers) {
          const path = join(out, name);
          if (existsSync(path) && statSync(path).isFile() && readFileSync(path).equals(body)) rmSync(path);
        }
      },
    },
  };
}

function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isFile()) files.set(name, readFileSync(path));
  }
  return files;
}
