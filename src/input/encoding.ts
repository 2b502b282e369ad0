/**
 * Text in a wide Unicode encoding (UTF-16, UTF-32) is full of zero bytes, so a plain
 * "binary?" check would call it binary. Windows editors and PowerShell's `>` still write
 * UTF-16, so such a file deserves "convert it", not "binary". Found by its byte order mark,
 * or, without one, by zero bytes that fall on one side of every code unit only.
 */

interface WideEncoding {
  /** For the message: "UTF-16". */
  family: 'UTF-16' | 'UTF-32';
  /** iconv's name, for the fix the message suggests. */
  iconv: 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';
}

/** How many bytes are looked at: enough for a verdict, cheap on a 20 MB input. */
const SAMPLE_BYTES = 8192;

export function sniffWideEncoding(bytes: Uint8Array): WideEncoding | null {
  const [b0, b1, b2, b3] = bytes;
  if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) return { family: 'UTF-32', iconv: 'UTF-32LE' };
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return { family: 'UTF-32', iconv: 'UTF-32BE' };
  if (b0 === 0xff && b1 === 0xfe) return { family: 'UTF-16', iconv: 'UTF-16LE' };
  if (b0 === 0xfe && b1 === 0xff) return { family: 'UTF-16', iconv: 'UTF-16BE' };
  return withoutMark(bytes.subarray(0, SAMPLE_BYTES - (SAMPLE_BYTES % 4)));
}

/**
 * Mostly-ASCII text in UTF-16LE has a zero at every odd offset and almost none at even
 * ones (UTF-16BE the other way round); binary data has zeros at both. The sample must also
 * decode as UTF-16 without lone surrogates.
 */
function withoutMark(sample: Uint8Array): WideEncoding | null {
  const units = Math.floor(sample.length / 2);
  if (units < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros += 1;
    if (sample[i + 1] === 0) oddZeros += 1;
  }
  const mostly = (n: number) => n >= units * 0.3;
  const hardly = (n: number) => n === 0;
  const guess: WideEncoding | null = mostly(oddZeros) && hardly(evenZeros)
    ? { family: 'UTF-16', iconv: 'UTF-16LE' }
    : mostly(evenZeros) && hardly(oddZeros)
      ? { family: 'UTF-16', iconv: 'UTF-16BE' }
      : null;
  if (guess === null) return null;
  try {
    // The sample may end inside a surrogate pair: decode only whole code units, streaming.
    new TextDecoder(guess.iconv === 'UTF-16LE' ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(sample.subarray(0, units * 2), { stream: true });
    return guess;
  } catch {
    return null;
  }
}
