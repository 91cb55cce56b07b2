// The content security policy forbids eval. Unasked, zod probes `Function('')` as it builds each
// object schema, which the browser reports as a policy violation; so this runs before any schema
// exists: main.tsx imports it first. It sets zod's shared config object (`z.config` writes the
// same one) without importing zod, which only the lazily loaded pages need.
const zodHolder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
zodHolder.__zod_globalConfig ??= {};
zodHolder.__zod_globalConfig.jitless = true;
