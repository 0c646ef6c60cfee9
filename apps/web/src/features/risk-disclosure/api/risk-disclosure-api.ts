import {
  RiskDisclosureResponseSchema,
  type RiskPlaylistData,
} from '@hk/domain/steps/risk-disclosure/contracts';
import type { ListenedRange } from '@hk/domain/steps/risk-disclosure/listened-ranges';
import { apiPostJson } from '../../../lib/api-client';

export type RiskLanguage = RiskPlaylistData['language'];

export interface RecordingStart {
  started_at: string;
  minimum_ms: number;
  playlist: RiskPlaylistData;
}

// POST /v9/OpenAccountHk/risk_disclosure {action: 'start'} (docs/api/steps/risk-disclosure.md)
export async function startRecording(language: RiskLanguage): Promise<RecordingStart> {
  const { data } = await apiPostJson(
    '/v9/OpenAccountHk/risk_disclosure',
    { action: 'start', language },
    RiskDisclosureResponseSchema,
  );
  if (data.action !== 'start') throw new Error('unexpected answer to start');
  return data;
}

export interface ListenedReport {
  text_version: string;
  language: RiskLanguage;
  sections: string[];
  ranges: ListenedRange[];
  max_speed: number;
}

// POST /v9/OpenAccountHk/risk_disclosure {action: 'listened'}
export async function reportListened(report: ListenedReport) {
  const { data } = await apiPostJson(
    '/v9/OpenAccountHk/risk_disclosure',
    { action: 'listened', ...report },
    RiskDisclosureResponseSchema,
  );
  if (data.action !== 'listened') throw new Error('unexpected answer to listened');
  return data;
}
