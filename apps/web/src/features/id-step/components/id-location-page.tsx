import { ID_LOCATIONS, type IdLocation } from '@hk/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ERROR_TOAST_MS, showToast } from '../../../lib/toast';
import { useApplicationInfo } from '../../../step-kit/api/get-info';
import { NationalityPicker } from '../../../step-kit/components/nationality-picker';
import { PageState, StepHeader } from '../../../step-kit/components/step-header';
import { useSaveIdLocation } from '../api/save-id-location';
import { checkIsStepVersionConflict, messageOf } from '../lib/api-errors';
import { useIdNavigate } from '../lib/use-id-navigation';
import { useStepVersion } from '../lib/use-step-version';
import '../../../step-kit/step-kit.css';

const CHOICE_KEYS = {
  CN: { label: 'location_cn', desc: 'location_cn_desc' },
  HK: { label: 'location_hk', desc: 'location_hk_desc' },
  OTHER: { label: 'location_other', desc: 'location_other_desc' },
} as const satisfies Record<IdLocation, { label: string; desc: string }>;

/** /userinfo/id: where the ID was issued decides the ID type (domain idTypeFor). */
export default function IdLocationPage() {
  const { t } = useTranslation('id');
  const info = useApplicationInfo();
  const save = useSaveIdLocation();
  const go = useIdNavigate();
  const [location, setLocation] = useState<IdLocation | null>(null);
  const [nationality, setNationality] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ location?: string; nationality?: string; form?: string }>({});
  const { stepVersion, restart } = useStepVersion(info);

  const saved = info.data?.id_step;
  useEffect(() => {
    if (!saved) return;
    setLocation((l) => l ?? saved.id_location);
    setNationality((n) => n ?? saved.nationality);
  }, [saved]);

  if (!info.data)
    return <PageState loading={!info.error} error={info.error} onRetry={() => void info.refetch()} />;

  const submit = () => {
    if (!location) return setErrors({ location: t('id_location_required', { ns: 'errors' }) });
    if (location === 'OTHER' && !nationality)
      return setErrors({ nationality: t('nationality_required', { ns: 'errors' }) });
    setErrors({});
    save.mutate(
      location === 'OTHER'
        ? { id_location: location, nationality: nationality!, step_version: stepVersion }
        : { id_location: location, step_version: stepVersion },
      {
        onSuccess: () => go('photos'),
        onError: (err) => {
          // Saved on another device meanwhile: the info was loaded again; the choice made here stays.
          if (checkIsStepVersionConflict(err)) {
            restart();
            void showToast(t('code_step_version_conflict', { ns: 'errors' }), 'warn', ERROR_TOAST_MS);
            return;
          }
          const fields = (err as { fields?: Record<string, string> }).fields ?? {};
          setErrors({
            location: fields.id_location,
            nationality: fields.nationality,
            form: fields.id_location || fields.nationality ? undefined : messageOf(err, t('save_failed')),
          });
        },
      },
    );
  };

  return (
    <main className="id-step-page">
      <StepHeader title={t('location_title')} subStep={1} />
      <fieldset className="id-choices" aria-invalid={Boolean(errors.location)}>
        <legend className="id-visually-hidden">{t('location_title')}</legend>
        {ID_LOCATIONS.map((loc) => (
          <label key={loc} className={`id-choice${location === loc ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="id_location"
              value={loc}
              checked={location === loc}
              onChange={() => {
                setLocation(loc);
                setErrors({});
              }}
              aria-describedby={`id-loc-${loc}-desc`}
              aria-labelledby={`id-loc-${loc}-label`}
            />
            <span className="id-choice__text">
              <span className="id-choice__label" id={`id-loc-${loc}-label`}>
                {t(CHOICE_KEYS[loc].label)}
              </span>
              <span className="id-choice__desc" id={`id-loc-${loc}-desc`}>
                {t(CHOICE_KEYS[loc].desc)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {errors.location && (
        <p className="id-field__error" role="alert">
          {errors.location}
        </p>
      )}
      {location === 'OTHER' && (
        <NationalityPicker
          value={nationality}
          onChange={(code) => {
            setNationality(code);
            setErrors({});
          }}
          error={errors.nationality}
        />
      )}
      {errors.form && (
        <p className="id-field__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="id-actions">
        <button type="button" className="id-btn id-btn--primary" onClick={submit} disabled={save.isPending}>
          {save.isPending ? t('saving') : t('next')}
        </button>
      </div>
    </main>
  );
}
