/** The zod-free constants of the initial data, for the login pages' first download. */

/** Id of the `<script type="application/json">` element that carries the initial data. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/** The initial data is stale this long after `updated` (or `generated`): spec §4, 10 hours. */
export const INITIAL_DATA_VALIDITY_MS = 10 * 60 * 60 * 1000;
