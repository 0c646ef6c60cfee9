import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors';

describe('fieldErrorsOf', () => {
  it('keeps the first catalogue key of each field, in order', () => {
    expect(
      fieldErrorsOf([
        { path: ['id_number'], message: 'id_number_checksum' },
        { path: ['id_number'], message: 'id_number_format' },
        { path: ['gender'], message: 'gender_required' },
      ]),
    ).toEqual({ id_number: 'id_number_checksum', gender: 'gender_required' });
  });
  it("turns a library's own sentence into invalid_value, and a root issue into `_`", () => {
    expect(fieldErrorsOf([{ path: ['x'], message: 'Invalid input: expected string' }])).toEqual({
      x: 'invalid_value',
    });
    expect(fieldErrorsOf([{ path: [], message: 'gender_required' }])).toEqual({ _: 'gender_required' });
  });
});
