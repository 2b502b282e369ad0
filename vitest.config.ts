import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scraper/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // The JSON report is what .ci/run reads for its closing "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
