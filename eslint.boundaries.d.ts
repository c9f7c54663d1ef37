import type { Linter } from 'eslint';

/** The layer rule's flat config (eslint.boundaries.js), typed for the test that runs it. */
declare const config: Linter.Config[];
export default config;
