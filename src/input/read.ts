import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { InputError } from '../core/errors.ts';
import { fetchCapped, fetchLimits, MAX_DOCUMENT_BYTES, USER_AGENT, type FetchLimits } from '../net/capped-fetch.ts';
import { describeNetworkError } from '../net/network-errors.ts';
import { sniffWideEncoding } from './encoding.ts';

/** Inputs larger than this are refused, whether a file, standard input or a URL. */
export const MAX_INPUT_BYTES = MAX_DOCUMENT_BYTES;

/**
 * Reads a file, stdin or URL as UTF-8 text, refusing what cannot be a spec document:
 * a directory, a binary or non-UTF-8 file, an empty one, an oversized one.
 */
export async function readFileText(path: string, label: string): Promise<string> {
  let info;
  try {
    info = statSync(path);
  } catch {
    throw new InputError(`${label} does not exist.`);
  }
  if (info.isDirectory()) throw new InputError(`${label} is a directory, not a file; pass a page (.mdx/.md) or a schema.json.`);
  if (info.size > MAX_INPUT_BYTES) throw new InputError(`${label} is ${megabytes(info.size)}, over the ${megabytes(MAX_INPUT_BYTES)} limit for one document.`);
  let bytes: Buffer;
  try {
    // A regular file is read whole (its size was checked); a device or pipe (/dev/zero, <(curl …)) has
    // no size to check first, so it is streamed under the cap.
    bytes = info.isFile() ? readFileSync(path) : await readCapped(createReadStream(path), label);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${label} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}).`);
  }
  if (bytes.length > MAX_INPUT_BYTES) throw new InputError(`${label} is over the ${megabytes(MAX_INPUT_BYTES)} limit for one document.`);
  return decode(bytes, label);
}

export async function readStdin(stdin: Readable): Promise<string> {
  return decode(await readCapped(stdin, 'standard input'), 'standard input');
}

/** A stream's bytes, refused once they pass the cap (the stream is closed then). */
async function readCapped(stream: Readable, label: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early (the throw) destroys the stream.
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_INPUT_BYTES) throw new InputError(`${label} is over the ${megabytes(MAX_INPUT_BYTES)} limit for one document.`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a URL through the shared capped reader: the body is streamed and refused past the
 * cap, and a server that stalls or trickles ends with "could not be fetched (… timed out)".
 */
export async function readUrl(url: string, limits: FetchLimits = fetchLimits()): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await fetchCapped(url, { headers: { 'user-agent': USER_AGENT }, limits }, async (response, readBody) => {
      if (!response.ok) throw new InputError(`${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
      return readBody();
    });
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${url} could not be fetched (${describeNetworkError(error).reason}).`, { cause: error });
  }
  return decode(bytes, url);
}

/** Bytes to text under the same rules for every source: UTF-8, not empty, not binary, not UTF-16. */
export function decode(bytes: Buffer, label: string): string {
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
