import { computeInfoProgress, type FlowStage } from '@hk/domain';
import type { ApplicationRow } from './application-repository';

/**
 * What the ID step loses when what it was confirmed against changes (docs/api/application.md):
 * - a replaced or deleted ID photo: the confirmation (the person must check the details against
 *   the new photo), the details themselves stay so the form comes back filled in;
 * - a different ID location or nationality: also the ID type and number, which belong to the
 *   previous document.
 */
export function idStepResetPatch(app: Pick<ApplicationRow, 'stagesDone'>, opts: { clearIdNumber: boolean }) {
  const stagesDone = app.stagesDone.filter((s) => s !== 'id');
  return {
    idConfirmedAt: null,
    stagesDone,
    infoProgress: computeInfoProgress(new Set(stagesDone as FlowStage[])),
    ...(opts.clearIdNumber
      ? { idType: null, idNumberEnc: null, idNumberHash: null, idNumberMasked: null }
      : {}),
  };
}
