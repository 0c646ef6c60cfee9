import { checkIsMarginRefusedToStudent, SECURITIES_ACCOUNT_TYPES, TRADING_MARKETS } from '@hk/domain';
import type { StepFormContext } from '@hk/domain/flow/step-forms';
import {
  ASSET_PROOF_TYPES,
  checkIsAssetProofRequired,
  earliestProofDate,
} from '@hk/domain/steps/account-type/account-rules';
import { accountTypeForm } from '@hk/domain/steps/account-type/form';
import { useMemo, useRef } from 'react';
import * as z from 'zod/mini';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { serverTodayInHongKong } from '../../../lib/server-today';
import { type StepInfo, useStepInfo } from '../../../step-kit/api/step-api';
import {
  CheckField,
  ChoiceField,
  DateField,
  FieldError,
  MultiChoiceField,
  SelectField,
  StepForm,
  StepSubmit,
  TextField,
} from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { type UploadFocus, useDocumentRebuild } from '../../../step-kit/lib/use-document-rebuild';
import { useStepForm } from '../../../step-kit/lib/use-step-form';
import { centsOfTyped, dollarsOfCents } from '../lib/hkd';
import { AssetProofImages } from './asset-proof-images';
import './account-type.css';

export interface AccountTypeValues {
  securities: string;
  markets: string[];
  futures: boolean;
  asset_proof_type: string;
  /** Typed in dollars; sent in cents. */
  asset_proof_amount_cents: string;
  asset_proof_issued_on: string;
  /** Not an answer: where the rules about the proof's images are shown. */
  asset_proof?: string;
}

/** The answers sent, from the form's values or the schema's output (the amount in cents, empty left out). */
export function accountTypeAnswersOf(values: AccountTypeValues | Record<string, unknown>) {
  const answers: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === 'asset_proof' || v === '' || v === undefined || v === null) continue;
    answers[k] = k === 'asset_proof_amount_cents' ? centsOfTyped(v) : v;
  }
  if (answers.asset_proof_amount_cents === undefined) delete answers.asset_proof_amount_cents;
  return answers;
}

/** What the rules read from the other steps: the birth date, the employment status, the derivatives knowledge. */
function useRuleFacts(documentCount: number): StepFormContext {
  const identity = useStepInfo('identity');
  const employment = useStepInfo('employment');
  const investment = useStepInfo('investment');
  return {
    today: serverTodayInHongKong(),
    facts: {
      markets: [],
      answers: {
        ...(identity.data ? { identity: identity.data.answers } : {}),
        ...(employment.data?.version ? { employment: employment.data.answers } : {}),
        ...(investment.data?.version ? { investment: investment.data.answers } : {}),
      },
    },
    documentCounts: { asset_proof: documentCount },
  };
}

function AccountTypeForm({
  info,
  carried,
  onDocumentsChanged,
}: {
  info: StepInfo;
  carried: AccountTypeValues | null;
  onDocumentsChanged: (typed: AccountTypeValues, focus?: UploadFocus) => Promise<void>;
}) {
  const { t } = useTranslation('account_type');
  const { state } = usePageFlags();
  const documents = info.documents;
  const ctx = useRuleFacts(documents.filter((d) => d.kind === 'asset_proof').length);
  // the schema reads the rules' facts when it runs: they load after the form
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  const schema = useMemo(() => {
    const live: StepFormContext = {
      get today() {
        return ctxRef.current.today;
      },
      get facts() {
        return ctxRef.current.facts;
      },
      get documentCounts() {
        return ctxRef.current.documentCounts;
      },
    };
    return z.pipe(
      z.transform((v: unknown) => accountTypeAnswersOf(v as Record<string, unknown>)),
      accountTypeForm.schema(live) as z.ZodMiniType<unknown, Record<string, unknown>>,
    ) as unknown as z.ZodMiniType<Record<string, unknown>>;
  }, []);

  const { form, onSubmit, submitting, formError, saveDraftNow } = useStepForm<AccountTypeValues>({
    step: 'account_type',
    info,
    schema,
    toValues: (i) => ({
      securities: typeof i.answers.securities === 'string' ? i.answers.securities : '',
      markets: Array.isArray(i.answers.markets) ? (i.answers.markets as string[]) : [],
      futures: i.answers.futures === true,
      asset_proof_type: typeof i.answers.asset_proof_type === 'string' ? i.answers.asset_proof_type : '',
      asset_proof_amount_cents: dollarsOfCents(i.answers.asset_proof_amount_cents),
      asset_proof_issued_on:
        typeof i.answers.asset_proof_issued_on === 'string' ? i.answers.asset_proof_issued_on : '',
      asset_proof: '',
    }),
    toAnswers: accountTypeAnswersOf,
    // the same rules as the server's, with what this screen knows of the other steps
    check: (values) =>
      accountTypeForm.check?.(values as unknown as Record<string, unknown>, ctxRef.current) ?? {},
    carried,
  });

  const securities = form.watch('securities');
  const futures = form.watch('futures');
  const birthDate = ctx.facts.answers.identity?.birth_date;
  const employmentStatus = ctx.facts.answers.employment?.status;
  const knowledge = ctx.facts.answers.investment?.derivatives_knowledge;
  const studentMargin = checkIsMarginRefusedToStudent(employmentStatus, securities);
  // a student is offered cash: no asset proof is asked (the account type's rules say the same)
  const needsProof =
    !studentMargin &&
    checkIsAssetProofRequired(
      securities === 'margin' ? 'margin' : 'cash',
      typeof birthDate === 'string' ? birthDate : undefined,
      ctx.today,
    );
  const futuresWithoutKnowledge = futures === true && Array.isArray(knowledge) && knowledge.length === 0;
  const switchTo = (field: 'securities' | 'futures', value: string | boolean) => {
    form.setValue(field, value as never, { shouldDirty: true });
    form.clearErrors();
  };

  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <ChoiceField
        control={form.control}
        name="securities"
        label={t('securities')}
        options={SECURITIES_ACCOUNT_TYPES.map((v) => ({
          value: v,
          label: t(`securities_${v}`),
          desc: t(`securities_${v}_desc`),
        }))}
      />
      {studentMargin ? (
        <div className="step-notice account-rule" role="note">
          <p>{t('margin_not_for_students', { ns: 'errors' })}</p>
          <button
            type="button"
            className="id-btn id-btn--primary"
            onClick={() => switchTo('securities', 'cash')}
          >
            {t('switch_to_cash')}
          </button>
        </div>
      ) : null}
      {needsProof ? (
        <section className="step-section" aria-label={t('asset_proof_section')}>
          <h2 className="step-section__title">{t('asset_proof_section')}</h2>
          <div className="step-notice account-rule" role="note">
            <p>{t('margin_needs_asset_proof', { ns: 'errors' })}</p>
            <button
              type="button"
              className="id-btn id-btn--ghost"
              onClick={() => switchTo('securities', 'cash')}
            >
              {t('switch_to_cash')}
            </button>
          </div>
          <SelectField
            register={form.register}
            name="asset_proof_type"
            label={t('asset_proof_type')}
            options={ASSET_PROOF_TYPES.map((v) => ({ value: v, label: t(`asset_proof_type_${v}`) }))}
            placeholder={t('choose')}
          />
          <TextField
            register={form.register}
            name="asset_proof_amount_cents"
            label={t('asset_proof_amount')}
            inputMode="decimal"
            hint={t('asset_proof_amount_hint')}
          />
          <DateField
            register={form.register}
            name="asset_proof_issued_on"
            label={t('asset_proof_issued_on')}
            min={earliestProofDate(ctx.today)}
            max={ctx.today}
            hint={t('asset_proof_date_hint')}
          />
          <AssetProofImages
            documents={documents}
            beforeChange={saveDraftNow}
            onChanged={(focus) => onDocumentsChanged(form.getValues(), focus)}
          />
          <FieldError name="asset_proof" />
        </section>
      ) : null}
      <MultiChoiceField
        control={form.control}
        name="markets"
        label={t('markets')}
        options={TRADING_MARKETS.map((v) => ({ value: v, label: t(`market_${v.toLowerCase()}`) }))}
      />
      <CheckField register={form.register} name="futures">
        {t('futures')}
      </CheckField>
      {futuresWithoutKnowledge ? (
        <div className="step-notice account-rule" role="note">
          <p>{t('futures_needs_derivatives_knowledge', { ns: 'errors' })}</p>
          <button type="button" className="id-btn id-btn--primary" onClick={() => switchTo('futures', false)}>
            {t('drop_futures')}
          </button>
        </div>
      ) : null}
      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

/** The account type (spec §1, §3, §4; issue #6 step 2), the margin and futures rules acting as they apply. */
function AccountTypeScreen({ info }: { info: StepInfo }) {
  const rebuild = useDocumentRebuild('account_type', info);
  return (
    <AccountTypeForm
      key={rebuild.key}
      info={rebuild.info}
      carried={rebuild.carried as AccountTypeValues | null}
      onDocumentsChanged={rebuild.onDocumentsChanged}
    />
  );
}

export default function AccountTypePage() {
  const { t } = useTranslation('common');
  return (
    <StepPage step="account_type" title={t('title_account_type_step')}>
      {(info) => <AccountTypeScreen info={info} />}
    </StepPage>
  );
}
