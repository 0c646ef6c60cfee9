import { ASSET_PROOF_MAX_IMAGES } from '@hk/domain/steps/account-type/account-rules';
import { useTranslation } from '../../../lib/i18n';
import { type ProofFilesProps, ProofPhotos } from '../../../step-kit/components/proof-photos';

/**
 * 1–3 images of the asset proof (issue #6 step 2), through the ID step's upload pipeline (compressed
 * in the browser, uploaded with progress) as documents of kind `asset_proof`. Each upload or removal
 * is a change of the step on the server: `beforeChange` saves what was typed first, `onChanged`
 * loads the step again.
 */
export function AssetProofImages({ documents, beforeChange, onChanged }: ProofFilesProps) {
  const { t } = useTranslation('account_type');
  const proofs = documents.filter((d) => d.kind === 'asset_proof');
  return (
    <div className="proof-images">
      <p className="id-field__label">{t('proof_images', { max: ASSET_PROOF_MAX_IMAGES })}</p>
      <ProofPhotos
        kind="asset_proof"
        photos={proofs}
        canAdd={proofs.length < ASSET_PROOF_MAX_IMAGES}
        block="proof-image"
        texts={{
          name: (n) => t('proof_image', { n }),
          removeLabel: (n) => t('remove_image', { n }),
          removeText: t('remove'),
          removeFailed: t('remove_failed'),
          addLabel: (n) => t('add_proof_image', { n }),
          shootName: t('shoot_proof'),
          albumName: t('album_proof'),
        }}
        beforeChange={beforeChange}
        onChanged={onChanged}
      />
    </div>
  );
}
