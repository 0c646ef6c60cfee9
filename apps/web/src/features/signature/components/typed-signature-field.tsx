import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';

export interface TypedSignature {
  name: string;
  statement: boolean;
}

export type TypedSignatureErrors = Partial<Record<'typed_name' | 'typed_statement', string>>;

export interface TypedSignatureHandle {
  /** Moves the focus to the first field in error (or the name). */
  focus(field?: keyof TypedSignatureErrors): void;
}

/**
 * The signature for a person who cannot draw (issue #16): their full name as on the ID, typed, and
 * an explicit statement adopting it as their signature; the name is shown as it will be recorded,
 * in a handwriting-like face. Native controls only, so the keyboard and screen readers work as
 * with any form; an error is tied to its field (aria-invalid, aria-describedby, role="alert").
 */
export const TypedSignatureField = forwardRef<
  TypedSignatureHandle,
  { value: TypedSignature; errors: TypedSignatureErrors; onChange: (v: TypedSignature) => void }
>(function TypedSignatureField({ value, errors, onChange }, ref) {
  const { t } = useTranslation('signature');
  const nameRef = useRef<HTMLInputElement>(null);
  const statementRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({
    focus(field) {
      (field === 'typed_statement' ? statementRef : nameRef).current?.focus();
    },
  }));
  const nameError = errors.typed_name;
  const statementError = errors.typed_statement;
  return (
    <div className="typed-signature">
      <p className="id-intro" id="typed-signature-intro">
        {t('typed_intro')}
      </p>
      <div className="id-field">
        <label className="id-field__label" htmlFor="typed-signature-name">
          {t('typed_name_label')}
        </label>
        <input
          ref={nameRef}
          id="typed-signature-name"
          className="typed-signature__input"
          type="text"
          autoComplete="name"
          maxLength={210}
          value={value.name}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={
            nameError ? 'typed-signature-intro typed-signature-name-error' : 'typed-signature-intro'
          }
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        {nameError ? (
          <p className="id-field__error" id="typed-signature-name-error" role="alert">
            {nameError}
          </p>
        ) : null}
      </div>
      <figure className="typed-signature__preview" aria-labelledby="typed-signature-caption">
        <figcaption className="typed-signature__caption" id="typed-signature-caption">
          {t('typed_preview_label')}
        </figcaption>
        <p className="typed-signature__name">{value.name.trim() || '\u00a0'}</p>
      </figure>
      <label
        className="agreement-item__accept typed-signature__statement"
        htmlFor="typed-signature-statement"
      >
        <input
          ref={statementRef}
          id="typed-signature-statement"
          type="checkbox"
          checked={value.statement}
          aria-invalid={statementError ? true : undefined}
          aria-describedby={statementError ? 'typed-signature-statement-error' : undefined}
          onChange={(e) => onChange({ ...value, statement: e.target.checked })}
        />
        <span>{t('typed_statement')}</span>
      </label>
      {statementError ? (
        <p className="id-field__error" id="typed-signature-statement-error" role="alert">
          {statementError}
        </p>
      ) : null}
    </div>
  );
});
