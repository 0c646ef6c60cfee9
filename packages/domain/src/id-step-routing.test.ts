import { describe, expect, it } from 'vitest';
import type { ApplicationInfo, DocumentInfo } from './contracts/application.schema';
import { nextIdScreen } from './id-step-routing';

const doc = (kind: DocumentInfo['kind']): DocumentInfo => ({
  document_id: `00000000-0000-4000-8000-00000000000${kind === 'id_front' ? 1 : 2}`,
  kind,
  mime: 'image/jpeg',
  width: 1000,
  height: 630,
  size: 12345,
  uploaded_at: '2026-11-25T10:00:00Z',
});

function step(over: Partial<ApplicationInfo['id_step']> = {}): Pick<ApplicationInfo, 'id_step'> {
  return {
    id_step: {
      id_location: null,
      nationality: null,
      documents: [],
      chinese_name: null,
      english_surname: null,
      english_given_name: null,
      name_matches_bank: false,
      id_type: null,
      id_number_masked: null,
      gender: null,
      birth_date: null,
      confirmed_at: null,
      version: 1,
      reopened_reason: null,
      ...over,
    },
  };
}

describe('nextIdScreen', () => {
  it('starts with the ID location', () => {
    expect(nextIdScreen(step())).toBe('location');
  });

  it('asks for the location again when an ID from elsewhere has no nationality', () => {
    expect(nextIdScreen(step({ id_location: 'OTHER' }))).toBe('location');
    expect(nextIdScreen(step({ id_location: 'OTHER', nationality: 'GB' }))).toBe('photos');
  });

  it('goes to photos until both the front and the back are uploaded', () => {
    expect(nextIdScreen(step({ id_location: 'HK' }))).toBe('photos');
    expect(nextIdScreen(step({ id_location: 'HK', documents: [doc('id_front')] }))).toBe('photos');
    expect(nextIdScreen(step({ id_location: 'CN', documents: [doc('id_back'), doc('id_back')] }))).toBe(
      'photos',
    );
  });

  it('goes to details once both photos are there, and is done after confirmation', () => {
    const both = [doc('id_back'), doc('id_front')];
    expect(nextIdScreen(step({ id_location: 'CN', documents: both }))).toBe('details');
    expect(
      nextIdScreen(step({ id_location: 'CN', documents: both, confirmed_at: '2026-11-25T10:05:00Z' })),
    ).toBe('done');
  });

  it('does not skip a missing photo even when the details were confirmed before', () => {
    expect(
      nextIdScreen(
        step({ id_location: 'HK', documents: [doc('id_front')], confirmed_at: '2026-11-25T10:05:00Z' }),
      ),
    ).toBe('photos');
  });
});
