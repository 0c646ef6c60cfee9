import { type DocumentInfo, IDENTITY_DOCUMENT_KINDS, type IdType, idTypeFor, nextIdScreen } from '@hk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { INFO_QUERY_KEY, useApplicationInfo } from '../../../step-kit/api/get-info';
import { PhotoTile, type PhotoTileDeps } from '../../../step-kit/components/photo-tile';
import { ReturnedNotice } from '../../../step-kit/components/returned-notice';
import { PageState, StepHeader } from '../../../step-kit/components/step-header';
import { useIdNavigate } from '../lib/use-id-navigation';
import '../../../step-kit/step-kit.css';

// What each side is called for each document (passports: the photo page and a second page).
const SIDE_LABEL_KEYS = {
  cn_id: { id_front: 'front_cn_id', id_back: 'back_cn_id' },
  hk_id: { id_front: 'front_hk_id', id_back: 'back_hk_id' },
  passport: { id_front: 'front_passport', id_back: 'back_passport' },
} as const satisfies Record<IdType, Record<IdSide, string>>;

/** The photos the identity step owns (its other kinds of document belong to other steps). */
type IdSide = (typeof IDENTITY_DOCUMENT_KINDS)[number];
const KINDS = IDENTITY_DOCUMENT_KINDS;

/** /userinfo/id/photos: both sides photographed, compressed and uploaded before going on. */
export default function IdPhotosPage({ deps }: { deps?: PhotoTileDeps }) {
  const { t } = useTranslation('id');
  const info = useApplicationInfo();
  const qc = useQueryClient();
  const go = useIdNavigate();
  const [uploaded, setUploaded] = useState<Partial<Record<IdSide, DocumentInfo>>>({});
  // a side being sent again: going on now would confirm the details against the step as it was
  // before the new photo lands (and be refused as changed meanwhile, 2007)
  const [sending, setSending] = useState<Partial<Record<IdSide, boolean>>>({});

  const screen = info.data ? nextIdScreen(info.data) : null;
  useEffect(() => {
    if (screen === 'location') go('location', { replace: true });
  }, [screen, go]);

  if (!info.data || screen === 'location')
    return <PageState loading={!info.error} error={info.error} onRetry={() => void info.refetch()} />;

  const step = info.data.id_step;
  const idType = step.id_type ?? idTypeFor(step.id_location ?? 'OTHER');
  const docOf = (kind: IdSide) => uploaded[kind] ?? step.documents.filter((d) => d.kind === kind).at(-1);
  const ready = KINDS.every((k) => docOf(k) && !sending[k]);

  return (
    <main className="id-step-page">
      <StepHeader title={t('photos_title')} subStep={2} />
      <p className="id-intro">{t(`photos_intro_${idType}`)}</p>
      <ReturnedNotice step="identity" />
      <div className="id-tiles">
        {KINDS.map((kind) => (
          <PhotoTile
            key={kind}
            kind={kind}
            label={t(SIDE_LABEL_KEYS[idType][kind])}
            uploadName={t(kind === 'id_front' ? 'upload_front' : 'upload_back')}
            albumName={t(kind === 'id_front' ? 'album_front' : 'album_back')}
            retakeName={t(kind === 'id_front' ? 'retake_front' : 'retake_back')}
            document={docOf(kind)}
            onUploaded={(doc) => {
              setUploaded((u) => ({ ...u, [kind]: doc }));
              void qc.invalidateQueries({ queryKey: INFO_QUERY_KEY });
            }}
            onBusyChange={(busy) => setSending((s) => ({ ...s, [kind]: busy }))}
            {...(deps ? { deps } : {})}
          />
        ))}
      </div>
      <section className="id-tips" aria-labelledby="id-tips-title">
        <h2 id="id-tips-title">{t('tips_title')}</h2>
        <ul>
          <li>{t('tip_flat')}</li>
          <li>{t('tip_corners')}</li>
          <li>{t('tip_glare')}</li>
          <li>{t('tip_original')}</li>
        </ul>
      </section>
      <div className="id-actions">
        {!ready && <p className="id-hint">{t('photos_need_both')}</p>}
        <button
          type="button"
          className="id-btn id-btn--primary"
          disabled={!ready}
          onClick={() => go('details')}
        >
          {t('next')}
        </button>
      </div>
    </main>
  );
}
