/** Types of build-action.mjs, for the test that rebuilds the bundle. */
export declare const repoRoot: string;
export declare const ACTION_BUNDLE: string;
export declare function bundleAction(): Promise<string>;
