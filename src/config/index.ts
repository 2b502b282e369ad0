export { acknowledgedIds, configIn, configSearchDirs, loadSpecConfig, parseSpecConfig, type SpecConfig, type SpecEntry } from './spec-config.ts';
export { specsOf } from './specs.ts';
