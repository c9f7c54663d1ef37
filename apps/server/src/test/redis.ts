let warned = false;

/**
 * The Redis for tests that need one (`TEST_REDIS_URL`, set by `.ci/run`), or undefined with a
 * warning once: a set URL that does not answer makes those tests fail, never skip.
 */
export function testRedisUrl(): string | undefined {
  const url = process.env['TEST_REDIS_URL'];
  if (!url && !warned) {
    warned = true;
    console.warn('Redis: TEST_REDIS_URL no está definida; las pruebas de Redis no se ejecutan');
  }
  return url;
}
