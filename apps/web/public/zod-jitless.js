// Runs before the app (a classic script; the app is a deferred module). zod probes whether it may compile
// parsers with `new Function`; under the Content-Security-Policy (no 'unsafe-eval') that probe is reported
// as a violation even though zod catches it. `jitless` makes zod skip the probe (ADR 0119).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
