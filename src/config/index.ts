export { acknowledgedIds, CONFIG_FILE, configIn, configSearchDirs, loadSpecConfig, parseSpecConfig, type LoadedConfig, type SpecConfig, type SpecEntry } from './spec-config.ts';
export { specsOf, type ResolvedSpec } from './specs.ts';
