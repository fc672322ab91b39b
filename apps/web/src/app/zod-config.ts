/**
 * zod's parsers without generated code. zod 4 compiles object parsers with `new Function` when it can, and
 * finds out by trying: under the server's Content-Security-Policy (script-src without 'unsafe-eval') the try
 * is refused and reported as a CSP violation on every signed-in page (Lighthouse: "Issues were logged",
 * best practices 96). The compiled path never runs under that policy anyway.
 *
 * zod keeps its settings on this global (zod/v4/core's `config()` writes the same object) and reads `jitless`
 * when a schema is built: main.tsx imports this module first, before any schema exists. Set here without
 * importing zod, so /login's scripts stay free of zod (importing `config` put 4 KB gzip of zod's core into
 * the entry chunk); zod-config.test.ts checks through `config()` that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
