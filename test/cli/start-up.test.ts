import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript without types: it runs before any TypeScript loader exists
import { libIsFresh, sourceStamp, STAMP_FILE } from '../../scripts/lib-stamp.mjs';
import { repoRoot } from '../../harness/paths.ts';
import { staticImportGraph } from '../helpers/static-imports.ts';

/**
 * Start-up: what a command loads before it runs, and which code bin/specdelta.js runs in a
 * checkout (the compiled lib/ only while it was built from exactly the sources there).
 */
const work = mkdtempSync(join(tmpdir(), 'specdelta-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe('what each command loads', () => {
  it('--version and --help load the argument parser at most: no command, no library', () => {
    const run = staticImportGraph('src/cli/run.ts');
    expect(run.packages).toEqual([]);
    expect(run.files).toEqual(['src/cli/run.ts', 'src/cli/version.ts']);
    const main = staticImportGraph('src/cli/main.ts');
    expect(main.packages).toEqual(['commander']);
    expect(main.files.filter((f) => !f.startsWith('src/cli/') && f !== 'src/core/errors.ts')).toEqual([]);
  });

  it('which loads the detector, not the Markdown parser, the differs or the HTML parser', () => {
    const which = staticImportGraph('src/cli/commands/which.ts');
    // model/lines and model/capabilities are leaves without a parser: a line index and a walk over parsed JSON.
    expect(which.files.filter((f) => /^src\/(model\/(?!lines|capabilities)|diff|schema|report)/.test(f))).toEqual([]);
    expect(which.files).not.toContain('src/detect/build.ts');
    expect(which.files).not.toContain('src/detect/extract-html.ts');
    // The colour library too loads only when the output is coloured.
    expect(which.packages.filter((p) => !p.startsWith('node:'))).toEqual([]);
  });
});

describe('bin/specdelta.js in a checkout', () => {
  /** A checkout in miniature: the real bin and stamp, sources and a build that each say who ran. */
  const root = join(work, 'checkout');
  write(root, 'src/cli/run.ts', "const from: string = 'sources'; console.log(from);\n");
  write(root, 'scraper/index.ts', 'export {};\n');
  write(root, 'tsconfig.json', '{}\n');
  write(root, 'lib/src/cli/run.js', "console.log('lib');\n");
  for (const file of ['bin/specdelta.js', 'scripts/lib-stamp.mjs']) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    copyFileSync(join(repoRoot, file), join(root, file));
  }
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  const runs = () => execFileSync(process.execPath, [join(root, 'bin/specdelta.js')], { encoding: 'utf8' }).trim();

  it('runs the sources through tsx while lib/ has no stamp', () => {
    expect(libIsFresh(root)).toBe(false);
    expect(runs()).toBe('sources');
  });

  it('runs lib/ when its stamp matches the sources, and the sources again after any edit', () => {
    writeFileSync(join(root, STAMP_FILE), sourceStamp(root));
    expect(runs()).toBe('lib');
    write(root, 'src/cli/run.ts', "const from: string = 'edited sources'; console.log(from);\n");
    expect(runs()).toBe('edited sources');
  });

  it('a new or deleted source file makes lib/ stale too', () => {
    writeFileSync(join(root, STAMP_FILE), sourceStamp(root));
    expect(libIsFresh(root)).toBe(true);
    write(root, 'scraper/new.ts', 'export {};\n');
    expect(libIsFresh(root)).toBe(false);
    writeFileSync(join(root, STAMP_FILE), sourceStamp(root));
    rmSync(join(root, 'scraper/new.ts'));
    expect(libIsFresh(root)).toBe(false);
  });
});
