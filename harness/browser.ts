import { requiredInCi } from './paths.ts';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (`apt-get install -y chromium`); never a browser downloaded by Playwright. */
export const CHROMIUM_PATH = process.env['SPECDELTA_CHROMIUM'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** Why browser tests are skipped, or null when they can run. */
export function browserSkipReason(): string | null {
  // In CI a missing browser is an error, not a skip (paths.ts).
  return requiredInCi(chromiumAvailable(), `no chromium at ${CHROMIUM_PATH}`)
    ? null
    : `browser tests skipped: no chromium at ${CHROMIUM_PATH} (install it with \`apt-get install -y chromium\`, or point SPECDELTA_CHROMIUM at one)`;
}

/**
 * Launches headless chromium. Playwright gives every launch a fresh profile: it creates a
 * `--user-data-dir` with mkdtemp and deletes it on close (passing our own in `args` is
 * refused by `chromium.launch`, which reserves that flag for persistent contexts).
 * Close the browser when done: `await browser.close()`.
 */
export async function launchBrowser(): Promise<Browser> {
  const reason = browserSkipReason();
  if (reason) throw new Error(reason);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}
