import { describe, expect, it } from 'vitest';
import { ErrorCode, type ErrorCodeName, errorKey, errorNameOf, httpStatusOf } from './errors';

const names = Object.keys(ErrorCode) as ErrorCodeName[];

describe('error codes (spec §8)', () => {
  it('keeps the statuses the client reacts to', () => {
    expect(ErrorCode.OK).toBe(0);
    expect(ErrorCode.SESSION_INVALID).toBe(1001);
    expect(ErrorCode.CAPTCHA_REQUIRED).toBe(8001);
  });
  it('gives every name its own status', () => {
    expect(new Set(Object.values(ErrorCode)).size).toBe(names.length);
  });
  it('errorKey is code_<snake name>', () => {
    expect(errorKey('CAPTCHA_REQUIRED')).toBe('code_captcha_required');
    for (const n of names) expect(errorKey(n)).toMatch(/^code_[a-z0-9_]+$/);
  });
  it('errorNameOf is the inverse of ErrorCode', () => {
    for (const n of names) expect(errorNameOf(ErrorCode[n])).toBe(n);
    expect(errorNameOf(424242)).toBeUndefined();
  });
  it('httpStatusOf: transport problems get their HTTP status, business outcomes 200', () => {
    expect(httpStatusOf('MALFORMED_REQUEST')).toBe(400);
    expect(httpStatusOf('NOT_FOUND')).toBe(404);
    expect(httpStatusOf('PAYLOAD_TOO_LARGE')).toBe(413);
    expect(httpStatusOf('UNSUPPORTED_MEDIA_TYPE')).toBe(415);
    expect(httpStatusOf('INTERNAL')).toBe(500);
    expect(httpStatusOf('SESSION_INVALID')).toBe(200);
    expect(httpStatusOf('CAPTCHA_REQUIRED')).toBe(200);
  });
  it('httpStatusOf: the staff API answers with the class of failure (issue #14)', () => {
    expect(httpStatusOf('STAFF_NOT_SIGNED_IN')).toBe(401);
    expect(httpStatusOf('STAFF_WRONG_CREDENTIALS')).toBe(401);
    expect(httpStatusOf('STAFF_NOT_ALLOWED')).toBe(403);
    expect(httpStatusOf('STAFF_CSRF_REFUSED')).toBe(403);
    expect(httpStatusOf('STAFF_LOCKED')).toBe(423);
    expect(ErrorCode.STAFF_NOT_SIGNED_IN).toBe(5001);
  });
});
