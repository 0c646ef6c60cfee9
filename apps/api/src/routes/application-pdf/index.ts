import { ApplicationPdfQuerySchema, applicationPdfFileName } from '@hk/domain/flow/application-pdf-contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { applicationPdfOfUser } from '../../plugins/app/submissions/application-pdf';

/** The PDF of the caller's own submission (issue #7 §6). The route needs a session; nothing is cached (no-store). */
export async function applicationPdfRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  // GET /v9/OpenAccountHk/application_pdf[?number=N]: the PDF of exactly what was submitted, always
  // as a download
  app.get(
    '/v9/OpenAccountHk/application_pdf',
    { schema: { querystring: ApplicationPdfQuerySchema } },
    async (request, reply) => {
      // an explicit `lang` wins; else the language the person signed in; else Accept-Language
      const asked = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
      const { pdf, submission, lang } = await applicationPdfOfUser(app.ctx, request.session!.userId, {
        number: request.query.number,
        lang: asked ? request.lang : undefined,
        fallbackLang: request.lang,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${applicationPdfFileName(submission.number)}"`)
        .header('content-security-policy', 'sandbox')
        .header('x-content-type-options', 'nosniff')
        .header('content-language', lang)
        .header('x-snapshot-sha256', submission.sha256)
        .send(pdf);
    },
  );
}
