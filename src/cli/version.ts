/** specdelta's version, as `--version` prints it; equal to package.json's (test/package checks). */
export const VERSION = '0.1.0';

/** commander's flags for the version: asked alone, they need no argument parser at all. */
export const VERSION_FLAGS: readonly string[] = ['--version', '-V'];
