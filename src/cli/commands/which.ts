import { resolve } from 'node:path';
import { detectRevision } from '../../detect/detect.ts';
import { looksLikeHtml } from '../../detect/extract-core.ts';
import { loadFingerprints } from '../../detect/load.ts';
import { renderWhichMarkdown, renderWhichText, whichJson } from '../../detect/render.ts';
import { readFileText, readStdin, readUrl } from '../../input/read.ts';
import { wantsColor, type CommandIO, type ExitCode } from '../io.ts';
import { urlLimits } from '../numbers.ts';

export interface WhichOptions {
  format: 'text' | 'json' | 'markdown';
  snapshots: string;
  fingerprints?: string;
  color?: boolean;
  quiet?: boolean;
  /** URL inputs: the idle timeout in ms. */
  timeout?: string | number;
}

/**
 * `specdelta which INPUT`: which MCP revision a text teaches. INPUT is a file, `-` or an
 * http(s) URL; Markdown, MDX or HTML (the article is extracted from an HTML page first).
 * Exit 0 whenever it ran, whatever it found; 2 when the input could not be read.
 */
export async function runWhich(input: string, options: WhichOptions, io: CommandIO): Promise<ExitCode> {
  const raw = input === '-' ? await readStdin(io.stdin) : /^https?:\/\//i.test(input) ? await readUrl(input, urlLimits(options.timeout)) : await readFileText(resolve(io.cwd, input), input);
  const html = /\.html?$/i.test(input) || looksLikeHtml(raw);
  // The HTML parser loads only for HTML: most inputs are Markdown, and it is most of the start-up time.
  const text = html ? (await import('../../detect/extract-html.ts')).extractHtml(raw) : raw;
  const { data, origin } = await loadFingerprints({
    cwd: io.cwd,
    snapshots: options.snapshots,
    file: options.fingerprints,
    env: io.env,
    onProgress: io.stderr.isTTY && !options.quiet ? (m) => io.stderr.write(`specdelta: building fingerprints: ${m}\n`) : undefined,
  });
  const result = detectRevision(text, data, html ? { source: raw } : {});
  if (options.quiet) return 0;
  const label = input === '-' ? 'standard input' : input;
  switch (options.format) {
    case 'json':
      io.stdout.write(`${JSON.stringify({ ...whichJson(result, { source: label, html }), fingerprints: { from: origin, digest: data.source.digest || null } }, null, 2)}\n`);
      break;
    case 'markdown':
      io.stdout.write(renderWhichMarkdown(result, label));
      break;
    default: {
      // The colour library loads only for colour: a script's `which` reads a pipe, and loading it costs more than the rendering.
      const pc = wantsColor(io, options.color) ? (await import('picocolors')).default : null;
      io.stdout.write(renderWhichText(result, label, pc ? { bold: pc.bold, dim: pc.dim, warn: pc.yellow } : {}));
    }
  }
  return 0;
}

