import { ErrorCode } from '@hk/domain';
import { checkSignatureStrokes } from '@hk/domain/flow/signing';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageFlags } from '../../../app/page-flags';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { INFO_QUERY_KEY } from '../../id-step/api/get-info';
import { PageState } from '../../id-step/components/step-header';
import type { StepInfo } from '../../steps/api/step-api';
import { StepSubmit } from '../../steps/components/fields';
import { StepPage } from '../../steps/components/step-page';
import { useStepNavigate } from '../../steps/lib/use-step-navigate';
import { type AgreementDoc, markAgreementOpened, signAgreements, useAgreements } from '../api/signature-api';
import { AgreementReader } from './agreement-reader';
import { SignaturePadField, type SignaturePadHandle } from './signature-pad-field';
import '../signature.css';

const keyOf = (d: { id: string; sha256: string }) => `${d.id}:${d.sha256}`;

/**
 * The agreements and the handwritten signature (issue #7 §4): each document opened full screen
 * before its box can be ticked, then the signature drawn and sent with the documents' hashes and
 * the answers hash the server gave; a change meanwhile (2017) reloads the documents to read again.
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

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (docs.some((d) => !accepted.has(keyOf(d)))) return setError(message('agreement_not_accepted'));
    const drawing = padRef.current?.read() ?? null;
    if (!drawing) return setError(message('signature_blank'));
    const problem = checkSignatureStrokes(drawing.strokes, drawing.pad);
    if (problem) return setError(message(problem));
    setSubmitting(true);
    try {
      const result = await signAgreements({
        language,
        image: drawing.image,
        strokes: drawing.strokes,
        pad: drawing.pad,
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
      } else if (err instanceof ApiError) setError(Object.values(err.fields)[0] ?? err.message);
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
        <p className="id-intro">{t('signature_intro')}</p>
        <SignaturePadField ref={padRef} onChange={() => setError(null)} />
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
