import { ErrorCode } from '@hk/domain';
import { checkSignatureStrokes } from '@hk/domain/steps/signature/signing';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { INFO_QUERY_KEY } from '../../../step-kit/api/get-info';
import type { StepInfo } from '../../../step-kit/api/step-api';
import { StepSubmit } from '../../../step-kit/components/fields';
import { PageState } from '../../../step-kit/components/step-header';
import { StepPage } from '../../../step-kit/components/step-page';
import { useStepNavigate } from '../../../step-kit/lib/use-step-navigate';
import { type AgreementDoc, markAgreementOpened, signAgreements, useAgreements } from '../api/signature-api';
import { AgreementReader } from './agreement-reader';
import { SignaturePadField, type SignaturePadHandle } from './signature-pad-field';
import {
  type TypedSignature,
  type TypedSignatureErrors,
  TypedSignatureField,
  type TypedSignatureHandle,
} from './typed-signature-field';
import '../signature.css';

const keyOf = (d: { id: string; sha256: string }) => `${d.id}:${d.sha256}`;

/**
 * The agreements and the handwritten signature (issue #7 §4): each document opened full screen
 * before its box can be ticked, then the signature drawn and sent with the documents' hashes and
 * the answers hash the server gave; a change meanwhile (2017) reloads the documents to read again.
 * Instead of drawing, the person may type their name as on the ID and adopt it (issue #16).
 */
function SignatureForm({ info }: { info: StepInfo }) {
  const { t, i18n } = useTranslation('signature');
  const language = currentLanguage();
  const { state } = usePageFlags();
  const go = useStepNavigate();
  const qc = useQueryClient();
  const agreements = useAgreements(language);
  const padRef = useRef<SignaturePadHandle>(null);
  const [reading, setReading] = useState<AgreementDoc | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [method, setMethod] = useState<'drawn' | 'typed'>('drawn');
  const [typed, setTyped] = useState<TypedSignature>({ name: '', statement: false });
  const [typedErrors, setTypedErrors] = useState<TypedSignatureErrors>({});
  const typedRef = useRef<TypedSignatureHandle>(null);

  if (!agreements.data)
    return (
      <PageState
        loading={!agreements.error}
        error={agreements.error}
        onRetry={() => void agreements.refetch()}
      />
    );
  const data = agreements.data;
  const docs = data.documents;
  const isOpened = (d: AgreementDoc) => d.opened || opened.has(keyOf(d));
  const message = (key: string) => (i18n.exists(key, { ns: 'errors' }) ? t(key, { ns: 'errors' }) : key);

  const reload = async () => {
    setAccepted(new Set());
    await agreements.refetch();
  };

  const open = (doc: AgreementDoc) => {
    setReading(doc);
    markAgreementOpened(language, doc.id, doc.sha256)
      .then(() => setOpened((s) => new Set(s).add(keyOf(doc))))
      .catch(async (err: unknown) => {
        if (err instanceof ApiError && err.status === ErrorCode.SIGNATURE_STALE) {
          setReading(null);
          setError(t('stale'));
          await reload();
        } else setError(err instanceof Error ? err.message : String(err));
      });
  };

  const toggle = (doc: AgreementDoc, on: boolean) =>
    setAccepted((s) => {
      const next = new Set(s);
      if (on) next.add(keyOf(doc));
      else next.delete(keyOf(doc));
      return next;
    });

  const showTypedErrors = (errors: TypedSignatureErrors) => {
    setTypedErrors(errors);
    const first = (['typed_name', 'typed_statement'] as const).find((f) => errors[f]);
    if (first) typedRef.current?.focus(first);
  };

  /** The signature part of the body, or null after saying what is missing. */
  const signature = () => {
    if (method === 'typed') {
      const errors: TypedSignatureErrors = {};
      if (!typed.name.trim()) errors.typed_name = message('signature_name_mismatch');
      if (!typed.statement) errors.typed_statement = message('signature_statement_required');
      if (errors.typed_name || errors.typed_statement) {
        showTypedErrors(errors);
        return null;
      }
      return { method: 'typed' as const, typed_name: typed.name, typed_statement: true };
    }
    const drawing = padRef.current?.read() ?? null;
    if (!drawing) {
      setError(message('signature_blank'));
      return null;
    }
    const problem = checkSignatureStrokes(drawing.strokes, drawing.pad);
    if (problem) {
      setError(message(problem));
      return null;
    }
    return { image: drawing.image, strokes: drawing.strokes, pad: drawing.pad };
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setTypedErrors({});
    if (docs.some((d) => !accepted.has(keyOf(d)))) return setError(message('agreement_not_accepted'));
    const signed = signature();
    if (!signed) return;
    setSubmitting(true);
    try {
      const result = await signAgreements({
        language,
        ...signed,
        agreements: docs.map((d) => ({ id: d.id, version: d.version, sha256: d.sha256 })),
        answers_hash: data.answers_hash,
      });
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['open-account'] }),
        qc.invalidateQueries({ queryKey: INFO_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: userStatusQueryKey }),
      ]);
      go(result.next_step, state);
    } catch (err) {
      if (err instanceof ApiError && err.status === ErrorCode.SIGNATURE_STALE) {
        setError(t('stale'));
        await reload();
      } else if (err instanceof ApiError && err.status === ErrorCode.AGREEMENT_NOT_OPENED) {
        setError(Object.values(err.fields)[0] ?? err.message);
        await reload();
      } else if (
        err instanceof ApiError &&
        method === 'typed' &&
        (err.fields.typed_name || err.fields.typed_statement)
      )
        showTypedErrors({ typed_name: err.fields.typed_name, typed_statement: err.fields.typed_statement });
      else if (err instanceof ApiError) setError(Object.values(err.fields)[0] ?? err.message);
      else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="step-form signature-form" onSubmit={onSubmit} noValidate>
      {info.confirmed_at && data.signed ? (
        <p className="step-notice" role="status">
          {t('already_signed', { time: new Date(data.signed.signed_at).toLocaleString(language) })}
        </p>
      ) : null}
      <section className="step-section" aria-labelledby="agreements-title">
        <h2 id="agreements-title" className="step-section__title">
          {t('documents_title')}
        </h2>
        <p className="id-intro">{t('documents_intro')}</p>
        <ul className="agreement-list">
          {docs.map((d) => {
            const canAccept = isOpened(d);
            const boxId = `agreement-${d.id}`;
            return (
              <li key={d.id} className="agreement-item">
                <button type="button" className="agreement-item__open" onClick={() => open(d)}>
                  <span className="agreement-item__title">{d.title}</span>
                  <span className="agreement-item__meta">
                    {canAccept ? t('opened') : t('open_to_read')} · {t('version', { version: d.version })}
                  </span>
                </button>
                <label className="agreement-item__accept" htmlFor={boxId}>
                  <input
                    id={boxId}
                    type="checkbox"
                    checked={accepted.has(keyOf(d))}
                    disabled={!canAccept}
                    onChange={(e) => toggle(d, e.target.checked)}
                  />
                  <span>{t('accept', { title: d.title })}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="step-section" aria-labelledby="signature-title">
        <h2 id="signature-title" className="step-section__title">
          {t('signature_title')}
        </h2>
        <fieldset className="signature-method">
          <legend className="signature-method__legend">{t('method_legend')}</legend>
          {(['drawn', 'typed'] as const).map((m) => (
            <label key={m} className="signature-method__option" htmlFor={`signature-method-${m}`}>
              <input
                id={`signature-method-${m}`}
                type="radio"
                name="signature-method"
                value={m}
                checked={method === m}
                onChange={() => {
                  setMethod(m);
                  setError(null);
                  setTypedErrors({});
                }}
              />
              <span>{t(m === 'drawn' ? 'method_choose_drawn' : 'method_choose_typed')}</span>
            </label>
          ))}
        </fieldset>
        {method === 'drawn' ? (
          <>
            <p className="id-intro">{t('signature_intro')}</p>
            <SignaturePadField ref={padRef} onChange={() => setError(null)} />
          </>
        ) : (
          <TypedSignatureField
            ref={typedRef}
            value={typed}
            errors={typedErrors}
            onChange={(v) => {
              setTyped(v);
              setTypedErrors({});
            }}
          />
        )}
      </section>
      <StepSubmit submitting={submitting} formError={error} state={state} />
      <AgreementReader doc={reading} onClose={() => setReading(null)} />
    </form>
  );
}

export default function SignaturePage() {
  const { t } = useTranslation('common');
  return (
    <StepPage step="signature" title={t('title_signature')}>
      {(info) => <SignatureForm info={info} />}
    </StepPage>
  );
}
