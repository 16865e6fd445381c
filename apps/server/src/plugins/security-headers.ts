import type { FastifyInstance } from 'fastify';

/**
 * Stripe.js and its frames (card element, 3-D Secure), as Stripe documents them for a Content-Security-Policy
 * (https://docs.stripe.com/security/guide#content-security-policy); only when Stripe keys are set (ADR 0082).
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy of every answer (ADR 0119): the app's own files only, plus Stripe when it is
 * configured. `style-src 'unsafe-inline'`: Ant Design writes its CSS-in-JS into <style> elements at run
 * time (and components set style attributes); scripts stay strictly 'self'. `data:`/`blob:` images: the
 * company logo preview and AG Grid's icons; `blob:` workers are not used (the live preview worker is a
 * file under /assets).
 */
export const contentSecurityPolicy = (opts: { stripe: boolean }): string => {
  const stripe = (list: string[]) => (opts.stripe ? list : []);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...stripe(STRIPE.script)]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...stripe(STRIPE.connect)]],
    ['frame-src', opts.stripe ? STRIPE.frame : ["'none'"]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
};

/** One year; only sent when the public address is https. Not `includeSubDomains`: other hosts of the domain are not ours to decide. */
const HSTS = 'max-age=31536000';

/**
 * Headers of every answer: CSP, no sniffing, no framing, same-origin referrers, HSTS behind https, and
 * `Cache-Control: no-store` on every API answer that did not declare itself cacheable (answers carry
 * personal data and tokens; a shared or browser cache must not keep them).
 */
export const registerSecurityHeaders = (
  app: FastifyInstance,
  opts: { apiBase: string; publicUrl: string; stripe: boolean },
) => {
  const csp = contentSecurityPolicy({ stripe: opts.stripe });
  const https = opts.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    if (https) reply.header('strict-transport-security', HSTS);
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === opts.apiBase || pathname.startsWith(`${opts.apiBase}/`);
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
};
