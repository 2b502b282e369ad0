import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file so that readers see either the old bytes or the new ones, never a mix:
 * the data goes to a temporary file in the same folder (same file system), is flushed to
 * disk, and is then renamed over the target. On any failure the temporary file is removed
 * and the target is untouched.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Flushes a folder's entries (names created, renamed or removed in it) to disk, so a rename
 * is still there after a power loss, not only after a crash of the process. Systems that
 * cannot open a folder for this (Windows) are left to their own guarantees.
 */
export async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch (error) {
    if (['EISDIR', 'EPERM', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? '')) return;
    throw error;
  }
  try {
    await handle.sync().catch((error: NodeJS.ErrnoException) => {
      if (!['EINVAL', 'EPERM', 'EBADF'].includes(error.code ?? '')) throw error;
    });
  } finally {
    await handle.close();
  }
}
