import { globMatches } from '../src/revision/spec-config.ts';

/**
 * Config globs against a pathological pattern (issue 25): `*a*a*a*a*a*a*a*a*a*a*b` against a
 * page id of 100,000 `a`s, which a glob compiled to a regular expression took minutes over.
 * The fastest of 5 rounds, wall time, for each shape.
 */
export interface GlobBench {
  pattern: string;
  idLength: number;
  ms: number;
}

export function benchGlob(): GlobBench[] {
  const id = 'a'.repeat(100_000);
  const nested = `${'a/'.repeat(2_000)}${'a'.repeat(50_000)}`;
  return [
    ['*a*a*a*a*a*a*a*a*a*a*b', id],
    ['**/*a*a*a*a*a*a*a*a*a*a*b', nested],
  ].map(([pattern, text]) => {
    let best = Infinity;
    for (let round = 0; round < 5; round++) {
      const start = performance.now();
      if (globMatches(pattern!, text!)) throw new Error(`bench: ${pattern} should not match`);
      best = Math.min(best, performance.now() - start);
    }
    return { pattern: pattern!, idLength: text!.length, ms: best };
  });
}
