import { expect } from 'vitest';

/** An error exit: code 2, one sentence on stderr that names the input, no stack trace. */
export function expectInputError(result: { code: number; stderr: string; stdout: string }, mentions: string | RegExp) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(mentions);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}
