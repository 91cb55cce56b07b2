import { z } from 'zod';

// The content security policy forbids eval. Unasked, zod probes `Function('')` as it builds each
// object schema, which the browser reports as a policy violation on every page load; so this
// runs before any schema exists: main.tsx imports it first.
z.config({ jitless: true });
