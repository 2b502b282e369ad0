import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';

/** The largest HTML file of a built site (of those `accept` takes), relative to it, with its size in bytes. */
export function largestHtml(dist: string, accept: (html: string) => boolean = () => true): { path: string; bytes: number } {
  let largest = { path: '', bytes: 0 };
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else if (name.endsWith('.html') && stat.size > largest.bytes && accept(readFileSync(path, 'utf8'))) largest = { path: relative(dist, path), bytes: stat.size };
    }
  };
  walk(dist);
  return largest;
}

/**
 * Milliseconds from a click on a diff page's filter to the next frame painted with its
 * result: the click runs the handler synchronously, the frame's style, layout and paint
 * follow the next animation frame, and a task queued after it runs once that frame is done.
 * Toggles "breaking only" on and off and returns the slower of the two.
 */
export async function filterRepaintMs(page: Page): Promise<number> {
  await page.waitForSelector('#sd-filters:not([hidden])', { timeout: 10_000 });
  return page.evaluate(`(async () => {
    const input = document.querySelector('#sd-filters input[name="breaking-only"]');
    const once = async () => {
      const started = performance.now();
      input.click();
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      return performance.now() - started;
    };
    const on = await once();
    const off = await once();
    return Math.max(on, off);
  })()`) as Promise<number>;
}
