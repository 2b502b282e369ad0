export { acknowledgedIds, parseSpecConfig, type SpecConfig, type SpecEntry } from './spec-config.ts';
export { CONFIG_FILE, configSearchOrder, loadSpecConfig, type ConfigSearch, type LoadedConfig } from './find.ts';
export { specsOf, type ResolvedSpec } from './specs.ts';
