import { describe, expect, it } from 'vitest';
import { entryRedirect } from './entry-redirect';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('entryRedirect (spec §2: a stored token on / or /login goes to the user centre)', () => {
  it.each([
    ['/', '', ''],
    ['/', '', '#'],
    ['/', '', '#/'],
    ['/', '', '#/login'],
    ['/login', '', ''],
  ])('with a token, %s%s%s → /usercenter', (p, s, h) => {
    expect(entryRedirect(at(p, s, h), true)).toBe('/usercenter');
  });

  it('keeps the query (source, title, language…)', () => {
    expect(entryRedirect(at('/login', '?source=abc&language=en'), true)).toBe(
      '/usercenter?source=abc&language=en',
    );
  });

  it('leaves a logged-out visitor on the login page', () => {
    expect(entryRedirect(at('/login'), false)).toBeNull();
    expect(entryRedirect(at('/userinfo'), false)).toBeNull();
  });

  it('does not redirect other screens or a partner link naming a mobile', () => {
    expect(entryRedirect(at('/userinfo/id'), true)).toBeNull();
    expect(entryRedirect(at('/login', '?mobile=enc123'), true)).toBeNull();
  });

  it('turns a legacy hash link into a path and merges its query', () => {
    expect(entryRedirect(at('/', '?source=x', '#/accountType?title=T'), false)).toBe(
      '/accountType?source=x&title=T',
    );
    expect(entryRedirect(at('/', '', '#/login?source=y'), true)).toBe('/usercenter?source=y');
  });

  it('opens the signature step for the spec route /signature, a legacy hash link too', () => {
    expect(entryRedirect(at('/signature', '?source=x'), true)).toBe('/userinfo/signature?source=x');
    expect(entryRedirect(at('/Signature/'), false)).toBe('/userinfo/signature');
    expect(entryRedirect(at('/', '', '#/signature?title=T'), true)).toBe('/userinfo/signature?title=T');
    expect(entryRedirect(at('/userinfo/signature'), true)).toBeNull();
  });
});
