import { countryName, type Language } from '@hk/domain';
import {
  BANK_REGION_OF_TYPE,
  bankNameIn,
  bankOfCard,
  bankSelectOptions,
  HONG_KONG_BANKS,
  MAINLAND_BANKS,
} from '@hk/domain/steps/bank/bank-data';
import {
  BankCountryListRequestSchema,
  BankCountryListResponseSchema,
  BankNameRequestSchema,
  BankNameResponseSchema,
  BankSelectListRequestSchema,
  BankSelectListResponseSchema,
  type BankSubsetRequest,
  BankSubsetRequestSchema,
  BankSubsetResponseSchema,
} from '@hk/domain/steps/bank/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';

/**
 * The bank step's look-ups (docs/api/steps/bank.md): the issuing bank of a mainland card
 * (`bank_name`, session only: a card number is personal data), and the banks the picker offers
 * (`get_bank_subset`, public and cacheable), where the bank may be (`get_bank_country_list`) and the
 * banks as a picker's options (`/user/bank/select_list`), both public and cacheable.
 */
export async function bankRoutes(parent: FastifyInstance) {
  await parent.register(bankNameRoute);
  await parent.register(bankSubsetRoute);
  await parent.register(bankListRoutes);
}

/** The lists change with a deployment only; names follow the language. */
const LIST_CACHE = 'public, max-age=3600';

async function bankListRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v9/OpenAccountHk/get_bank_country_list',
    {
      schema: {
        querystring: BankCountryListRequestSchema,
        response: responses(BankCountryListResponseSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE).header('vary', 'Accept-Language');
      const asked = request.query.bank_type;
      const types = asked ? [Number(asked) as 1 | 2] : ([1, 2] as const);
      return ok(
        types.map((bank_type) => {
          const code = BANK_REGION_OF_TYPE[bank_type];
          return { code, country: countryName(code, request.lang), bank_type };
        }),
      );
    },
  );
  app.get(
    '/user/bank/select_list',
    {
      schema: { querystring: BankSelectListRequestSchema, response: responses(BankSelectListResponseSchema) },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE).header('vary', 'Accept-Language');
      const { region } = request.query;
      return ok({ region, options: bankSelectOptions(region, request.lang) });
    },
  );
}

async function bankNameRoute(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);
  app.post(
    '/v9/OpenAccountHk/bank_name',
    { schema: { body: BankNameRequestSchema, response: responses(BankNameResponseSchema) } },
    async (request) => {
      const bank = bankOfCard(request.body.card_number);
      if (!bank) throw new AppError('VALIDATION_FAILED', { card_number: 'bank_card_bank_unknown' });
      return ok({ bank_code: bank.code, bank_name: bankNameIn(bank, request.lang) });
    },
  );
}

async function bankSubsetRoute(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const subset = (region: BankSubsetRequest['region'], lang: Language) => {
    const items =
      region === 'HK'
        ? HONG_KONG_BANKS.map((b) => ({
            code: b.code,
            name: bankNameIn(b, lang),
            en: b.en,
            zh_hans: b.zh_hans,
            zh_hant: b.zh_hant,
            account_digits: [b.account_digits[0], b.account_digits[1]] as [number, number],
          }))
        : MAINLAND_BANKS.map((b) => ({
            code: b.code,
            name: bankNameIn(b, lang),
            en: b.en,
            zh_hans: b.zh_hans,
            zh_hant: b.zh_hant,
            account_digits: null,
          }));
    return ok({ region, items });
  };
  app.get(
    '/v9/OpenAccountHk/get_bank_subset',
    { schema: { querystring: BankSubsetRequestSchema, response: responses(BankSubsetResponseSchema) } },
    async (request, reply) => {
      // the lists change with a deployment only; `name` follows the language
      reply.header('cache-control', 'public, max-age=3600').header('vary', 'Accept-Language');
      return subset(request.query.region, request.lang);
    },
  );
  // spec §7 lists it under POST: the same answer, `region` in the (form or JSON) body
  app.post(
    '/v9/OpenAccountHk/get_bank_subset',
    { schema: { body: BankSubsetRequestSchema, response: responses(BankSubsetResponseSchema) } },
    async (request) => subset(request.body.region, request.lang),
  );
}
