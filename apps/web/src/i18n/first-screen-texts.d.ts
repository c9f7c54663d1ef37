/** `es.json?first-screen`: the keys vite.config.ts keeps for the login pages' first screen. */
declare module '*.json?first-screen' {
  const texts: Record<string, unknown>;
  export default texts;
}
