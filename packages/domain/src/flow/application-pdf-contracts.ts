// One contract per endpoint (engineering guide): the application PDF (issue #7 §6).
import * as z from 'zod/mini';

// GET /v9/OpenAccountHk/application_pdf[?number=N][&lang=zh-CN|zh-HK|en] — session required.
// The answer is the PDF itself (application/pdf, attachment, no-store), or the error envelope.
export const ApplicationPdfQuerySchema = z.object({
  /** Which of the caller's submissions (1, 2, … after a refusal); the latest when absent. */
  number: z.optional(
    z.pipe(
      z.string({ error: 'invalid_value' }).check(z.regex(/^[1-9]\d{0,5}$/, 'invalid_value')),
      z.transform(Number),
    ),
  ),
});
export type ApplicationPdfQuery = z.infer<typeof ApplicationPdfQuerySchema>;

/** The download's file name: `application-<number>.pdf`. */
export function applicationPdfFileName(number: number): string {
  return `application-${number}.pdf`;
}
