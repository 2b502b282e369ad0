/** Bumped whenever the fingerprint builder's rules change, so cached fingerprints are rebuilt. */
export const BUILDER_VERSION = 'fp-builder-6';
