import { readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { InputError } from '../errors.ts';
import { sniffWideEncoding } from './encoding.ts';

/** Inputs larger than this are refused: no spec page or schema comes near it. */
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;

/**
 * Reads a file, stdin or URL as UTF-8 text, refusing what cannot be a spec document:
 * a directory, a binary or non-UTF-8 file, an empty one, an oversized one.
 */
export async function readFileText(path: string, label: string): Promise<string> {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new InputError(`${label} does not exist.`);
  }
  if (info.isDirectory()) throw new InputError(`${label} is a directory, not a file; pass a page (.mdx/.md) or a schema.json.`);
  if (info.size > MAX_INPUT_BYTES) throw new InputError(`${label} is ${megabytes(info.size)}, over the ${megabytes(MAX_INPUT_BYTES)} limit for one document.`);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new InputError(`${label} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}).`);
  }
  return decode(bytes, label);
}

export async function readStdin(stdin: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_INPUT_BYTES) throw new InputError(`standard input is over the ${megabytes(MAX_INPUT_BYTES)} limit for one document.`);
    chunks.push(buffer);
  }
  return decode(Buffer.concat(chunks), 'standard input');
}

export async function readUrl(url: string, timeoutMs = 30_000): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (error) {
    // fetch says only "fetch failed"; the reason is in its cause.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : cause?.code ?? cause?.message ?? (error as Error).message;
    throw new InputError(`${url} could not be fetched (${why}).`);
  }
  if (!response.ok) throw new InputError(`${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_INPUT_BYTES) throw new InputError(`${url} is ${megabytes(declared)}, over the ${megabytes(MAX_INPUT_BYTES)} limit for one document.`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_INPUT_BYTES) throw new InputError(`${url} is over the ${megabytes(MAX_INPUT_BYTES)} limit for one document.`);
  return decode(bytes, url);
}

function decode(bytes: Buffer, label: string): string {
  if (bytes.length === 0) throw new InputError(`${label} is empty.`);
  const wide = sniffWideEncoding(bytes);
  if (wide) throw new InputError(`${label} is ${wide.family} text: convert it to UTF-8 (for example with iconv -f ${wide.iconv} -t UTF-8).`);
  if (bytes.subarray(0, 8192).includes(0)) throw new InputError(`${label} is a binary file, not a spec page or schema.`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(`${label} is not valid UTF-8 text.`);
  }
  if (text.trim() === '') throw new InputError(`${label} is empty (only whitespace).`);
  return text.replace(/^\uFEFF/, '');
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
