import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { localOnlyHook } from '#app/lib/local-only';
import type { MailRepository } from '#app/modules/mail/mail.repository';
import { escapeHtml } from '#app/modules/mail/notice-mail';

const OutboxQuerySchema = z.object({
  to: z.string().trim().toLowerCase().max(254, { error: 'TOO_LONG' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});
const OutboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});

/**
 * Development only (not registered when NODE_ENV=production, and answered only to requests from this machine,
 * see lib/local-only.ts): the mails the outbox kept instead of sending. `GET {API_BASE}/dev/outbox/?to=` as
 * JSON (tests read codes here) and `GET {API_BASE}/dev/outbox/view/` as a page for people.
 */
export const outboxRoutes = (app: App, mails: MailRepository) => {
  app.get(
    '/dev/outbox/',
    {
      onRequest: localOnlyHook,
      schema: {
        tags: ['development'],
        summary: 'Development only: mails kept in the outbox, newest first',
        querystring: OutboxQuerySchema,
        response: responses(200, z.array(OutboxMailSchema), [400]),
      },
    },
    async (request) => {
      const list = await mails.list(request.query.to, request.query.limit);
      return ok(list.map((m) => ({ ...m, created_at: m.created_at.toISOString() })));
    },
  );

  app.get(
    '/dev/outbox/view/',
    {
      onRequest: localOnlyHook,
      schema: {
        tags: ['development'],
        summary: 'Development only: the outbox as a web page',
        querystring: OutboxQuerySchema,
      },
    },
    async (request, reply) => {
      const list = await mails.list(request.query.to, request.query.limit);
      const items = list
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.created_at.toISOString()}</p><pre>${escapeHtml(m.text)}</pre></article>`,
        )
        .join('\n');
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pfahlplaner · Mail outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2933}
article{border:1px solid #d9e2ec;border-radius:8px;padding:0 1rem 1rem;margin-bottom:1rem}.meta{color:#52606d;font-size:.9rem}
pre{white-space:pre-wrap;background:#f5f7fa;padding:.75rem;border-radius:6px}</style></head>
<body><h1>Mail outbox (development)</h1><p>Mails are kept here because no SMTP_URL is configured. Newest first.</p>
${items || '<p>No mails yet.</p>'}</body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
};
