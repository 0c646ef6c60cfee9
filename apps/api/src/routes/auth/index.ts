import {
  DecodeMobileCommonRequestSchema,
  DecodeMobileRequestSchema,
  DecodeMobileResponseSchema,
  ImageCodeRequestSchema,
  ImageCodeResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  PowChallengeResponseSchema,
  SMS_PER_MOBILE_INTERVAL_S,
  SmsCodeRequestSchema,
  SmsCodeResponseSchema,
} from '@hk/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { clientKey } from '../../lib/client-key';
import { ok, responses } from '../../lib/envelope';
import { loginWithSmsCode } from '../../plugins/app/auth/login-service';
import { canonicalMobile, mobileLookupHash } from '../../plugins/app/auth/mobile-identity';
import { canonicalPartnerLink, decodeMobileLink } from '../../plugins/app/auth/mobile-link';
import { requireSession } from '../../plugins/app/auth/require-session';
import { revokeSession } from '../../plugins/app/auth/session-repository';
import { requestSmsCode } from '../../plugins/app/auth/sms-code-service';
import { issueCaptcha, issuePowChallenge } from '../../plugins/app/captcha/captcha-service';
import { eventMetaOf, recordEvent } from '../../plugins/app/events/event-repository';
import { findApplicationByUser } from '../../plugins/app/steps/step-repository';

/** spec §3 optional login extras kept with a new user (plus two common parameters of §7). */
const SIGNUP_BODY_KEYS = [
  'inviteCode',
  'ext',
  'childOpenAcctChannel',
  'label',
  'invite_code',
  'invite_activity_id',
  'flag',
  'open_id',
] as const;
const SIGNUP_COMMON_KEYS = ['empId', 'activity_id'] as const;

/** Captcha, SMS code, login, logout and partner links (docs/api/auth.md). */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/services/image_code',
    { schema: { body: z.optional(ImageCodeRequestSchema), response: responses(ImageCodeResponseSchema) } },
    async (request, reply) => {
      // The captcha is bound to the device that will type it (Device-Id = the client's H5_SESSION_ID).
      if (!request.deviceId.trim())
        throw new AppError('VALIDATION_FAILED', { device_id: 'device_id_required' });
      const png = await issueCaptcha(app.ctx, request.deviceId, clientKey(request.ip));
      return reply.header('cache-control', 'no-store').send(ok(png));
    },
  );

  // issue #16: the image's accessible alternative, a proof of work for one SMS request of this mobile
  app.post(
    '/services/pow_challenge',
    { schema: { body: SmsCodeRequestSchema, response: responses(PowChallengeResponseSchema) } },
    async (request, reply) => {
      if (!request.deviceId.trim())
        throw new AppError('VALIDATION_FAILED', { device_id: 'device_id_required' });
      const { region, mobile } = request.body;
      const canonical = canonicalMobile(region, mobile);
      if (!canonical) throw new AppError('VALIDATION_FAILED', { mobile: 'mobile_invalid' });
      const challenge = await issuePowChallenge(
        app.ctx,
        request.deviceId,
        clientKey(request.ip),
        mobileLookupHash(app.ctx.vault, region, canonical),
      );
      return reply.header('cache-control', 'no-store').send(ok(challenge));
    },
  );

  app.post(
    '/V9/OpenAccountHk/request_verify_code',
    { schema: { body: SmsCodeRequestSchema, response: responses(SmsCodeResponseSchema) } },
    async (request, reply) => {
      const { region, mobile, image_code, pow_solution } = request.body;
      const canonical = canonicalMobile(region, mobile);
      if (!canonical) throw new AppError('VALIDATION_FAILED', { mobile: 'mobile_invalid' });
      await requestSmsCode(
        app.ctx,
        {
          region,
          mobile: canonical,
          imageCode: image_code || undefined,
          powSolution: pow_solution || undefined,
          deviceId: request.deviceId,
          ip: clientKey(request.ip),
          lang: request.lang,
        },
        request.log,
      );
      return reply.header('cache-control', 'no-store').send(ok({ interval: SMS_PER_MOBILE_INTERVAL_S }));
    },
  );

  app.post(
    '/V9/OpenAccountHk/check_verify_code',
    { schema: { body: LoginRequestSchema, response: responses(LoginResponseSchema) } },
    async (request, reply) => {
      const body = request.body;
      const canonical = canonicalMobile(body.region, body.mobile);
      if (!canonical) throw new AppError('VALIDATION_FAILED', { mobile: 'mobile_invalid' });
      const common = request.commonParams ?? {};
      const signup: Record<string, string> = {};
      for (const key of SIGNUP_BODY_KEYS) if (body[key]) signup[key] = body[key];
      for (const key of SIGNUP_COMMON_KEYS) if (common[key]) signup[key] = common[key].slice(0, 64);
      if (body.isRead !== undefined) signup.isRead = body.isRead ? '1' : '0';
      const data = await loginWithSmsCode(app.ctx, {
        region: body.region,
        mobile: canonical,
        code: body.code,
        imageCode: body.image_code || undefined,
        powSolution: body.pow_solution || undefined,
        deviceId: request.deviceId,
        ip: clientKey(request.ip),
        source: common.source?.slice(0, 64),
        signup,
        meta: eventMetaOf(request, app.ctx.vault),
      });
      return reply.header('cache-control', 'no-store').send(ok(data));
    },
  );

  app.post(
    '/v1/Services/decode_mobile',
    { schema: { body: DecodeMobileRequestSchema, response: responses(DecodeMobileResponseSchema) } },
    async (request, reply) => {
      const link = decodeMobileLink(request.body.mobile, app.ctx.config.linkKey, app.ctx.now());
      if (!link) throw new AppError('MOBILE_DECODE_FAILED');
      return reply.header('cache-control', 'no-store').send(ok(link));
    },
  );

  // spec §7: the partners' common decoder, beside decode_mobile: the same links, in the other
  // encodings partners' systems pass them on in (docs/api/auth.md "Partner links")
  app.post(
    '/v1/Services/decode_mobile_common',
    {
      schema: { body: DecodeMobileCommonRequestSchema, response: responses(DecodeMobileResponseSchema) },
    },
    async (request, reply) => {
      const canonical = canonicalPartnerLink(request.body.mobile);
      const link = canonical && decodeMobileLink(canonical, app.ctx.config.linkKey, app.ctx.now());
      if (!link) throw new AppError('MOBILE_DECODE_FAILED');
      return reply.header('cache-control', 'no-store').send(ok(link));
    },
  );

  await app.register(async (authed) => {
    requireSession(authed);
    authed
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/V9/OpenAccountHk/logout',
        { schema: { response: responses(LogoutResponseSchema) } },
        async (request, reply) => {
          const { userId, tokenHash } = request.session!;
          const now = app.ctx.now();
          const meta = eventMetaOf(request, app.ctx.vault);
          await app.ctx.db.transaction(async (tx) => {
            await revokeSession(tx as unknown as Db, tokenHash, now);
            const application = await findApplicationByUser(tx, userId);
            await recordEvent(tx, meta, {
              type: 'logout',
              userId,
              applicationId: application?.id ?? null,
              at: now,
            });
          });
          return reply.header('cache-control', 'no-store').send(ok({}));
        },
      );
  });
}
