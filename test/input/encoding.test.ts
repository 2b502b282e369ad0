import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffWideEncoding } from '../../src/input/encoding.ts';
import { fixturesDir } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';

const PAGE = '# Elicitation\n\nServers **MUST** ask nicely — über alles, 日本語 too.\n';

function utf16(text: string, order: 'le' | 'be', bom: boolean): Buffer {
  const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
  return order === 'le' ? le : le.swap16();
}

describe('wide Unicode encodings are told from binary', () => {
  it('UTF-16 with or without a byte order mark, either byte order', () => {
    expect(sniffWideEncoding(utf16(PAGE, 'le', true))).toEqual({ family: 'UTF-16', iconv: 'UTF-16LE' });
    expect(sniffWideEncoding(utf16(PAGE, 'be', true))).toEqual({ family: 'UTF-16', iconv: 'UTF-16BE' });
    expect(sniffWideEncoding(utf16(PAGE, 'le', false))).toEqual({ family: 'UTF-16', iconv: 'UTF-16LE' });
    expect(sniffWideEncoding(utf16(PAGE, 'be', false))).toEqual({ family: 'UTF-16', iconv: 'UTF-16BE' });
  });

  it('UTF-32 by its byte order mark', () => {
    expect(sniffWideEncoding(Buffer.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]))?.family).toBe('UTF-32');
  });

  it('not UTF-8 text, nor binary data with zeros on both sides of a code unit', () => {
    expect(sniffWideEncoding(Buffer.from(PAGE, 'utf8'))).toBeNull();
    expect(sniffWideEncoding(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2, 0, 7, 0, 0]))).toBeNull();
    // Zeros on the odd side only, but the units form a lone surrogate: not UTF-16 text.
    expect(sniffWideEncoding(Buffer.from([0x41, 0, 0x00, 0xd8, 0x42, 0]))).toBeNull();
  });
});

describe('the CLI says "UTF-16 text: convert it to UTF-8" (exit 2, one sentence)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'specdelta-utf16-'));
    writeFileSync(join(dir, 'bom.md'), utf16(PAGE, 'le', true));
    writeFileSync(join(dir, 'nobom.md'), utf16(PAGE, 'be', false));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('diff, which and lint, from a file', async () => {
    const page = join(fixturesDir, 'pages/rules/old.mdx');
    const runs = {
      'bom.md': await runCli(['diff', 'bom.md', page], { cwd: dir }),
      'nobom.md': await runCli(['which', 'nobom.md'], { cwd: dir }),
    };
    expect(runs['bom.md']).toEqual({ code: 2, stdout: '', stderr: 'specdelta: bom.md is UTF-16 text: convert it to UTF-8 (for example with iconv -f UTF-16LE -t UTF-8).\n' });
    expect(runs['nobom.md']).toEqual({ code: 2, stdout: '', stderr: 'specdelta: nobom.md is UTF-16 text: convert it to UTF-8 (for example with iconv -f UTF-16BE -t UTF-8).\n' });
    const lint = await runCli(['lint', 'bom.md', '--schema', 'x.json'], { cwd: dir });
    expect([lint.code, lint.stderr]).toEqual([2, 'specdelta: bom.md is UTF-16 text: convert it to UTF-8 (for example with iconv -f UTF-16LE -t UTF-8).\n']);
  });

  it('from standard input', async () => {
    const result = await runCli(['which', '-'], { stdin: utf16(PAGE, 'le', false) });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('specdelta: standard input is UTF-16 text: convert it to UTF-8 (for example with iconv -f UTF-16LE -t UTF-8).\n');
  });
});
