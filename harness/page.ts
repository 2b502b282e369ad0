import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { screenshotDir } from './site-build.ts';

/**
 * A page that can reach only the local server: every other request is aborted (the tests
 * run offline, and a hostile page must not phone out). Records dialogs, page errors and
 * console errors so a test can assert that none happened.
 */
export interface WatchedPage {
  page: Page;
  dialogs: string[];
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(browser: Browser, origin: string, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  const allowed = new URL(origin).origin;
  await page.route('**/*', (route) => (new URL(route.request().url()).origin === allowed ? route.continue() : route.abort()));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, dialogs, errors, close: () => context.close() };
}

/** Saves a screenshot under test-results/screenshots/ (kept by CI) and returns its path. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}
