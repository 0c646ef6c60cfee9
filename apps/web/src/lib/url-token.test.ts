import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSession, logoutLocally, saveSession } from './session';
import { getHandoff, setPendingHandoff } from './session-handoff';
import { captureTokenFromUrl } from './url-token';

// spec §4 token from the query; issue #5 §4.2: a link's token never silently replaces a live session.

const LINK = 'tok_link_AAAAAAAAAAAAAAAAAAAAAAAA';
const STORED = 'tok_stored_BBBBBBBBBBBBBBBBBBBBBB';

function openLink(search: string) {
  window.history.replaceState(null, '', `/login${search}`);
}
const addressBar = () => `${window.location.pathname}${window.location.search}`;

beforeEach(() => {
  logoutLocally(true);
  setPendingHandoff(null);
});
afterEach(() => openLink(''));

describe('captureTokenFromUrl', () => {
  it('with no session stored, takes the link token silently and clears the address bar', () => {
    openLink(`?source=app&fd_token=${LINK}&title=T`);
    expect(captureTokenFromUrl()).toBe('adopted');
    expect(getSession()?.token).toBe(LINK);
    expect(getHandoff()).toBeNull();
    expect(addressBar()).toBe('/login?source=app&title=T');
  });

  it('after a logout that kept the old fields, keeps nothing of the previous person', () => {
    saveSession({ token: STORED, uid: 'u-old', mobile: '5123****' });
    logoutLocally(); // clears the token only (spec §4)
    openLink(`?token=${LINK}`);
    expect(captureTokenFromUrl()).toBe('adopted');
    expect(getSession()).toMatchObject({ token: LINK, uid: '', mobile: '' });
  });

  it('with the same token stored, changes nothing', () => {
    saveSession({ token: LINK, uid: 'u1', mobile: '5123****' });
    openLink(`?fd_token=${LINK}`);
    expect(captureTokenFromUrl()).toBe('same');
    expect(getSession()).toMatchObject({ token: LINK, uid: 'u1', mobile: '5123****' });
    expect(getHandoff()).toBeNull();
    expect(addressBar()).toBe('/login');
  });

  it('with another live session, keeps it and waits for the person (token gone from the address bar)', () => {
    saveSession({ token: STORED, uid: 'u1', mobile: '5123****' });
    openLink(`?fd_token=${LINK}`);
    expect(captureTokenFromUrl()).toBe('ask');
    expect(getSession()?.token).toBe(STORED);
    expect(getHandoff()).toEqual({ stage: 'checking', linkToken: LINK });
    expect(addressBar()).toBe('/login');
  });

  it("ignores a partner source's `token` (not ours) but still removes it from the address bar", () => {
    openLink(`?source=dzh.&token=${LINK}`);
    expect(captureTokenFromUrl()).toBe('none');
    expect(getSession()).toBeNull();
    expect(addressBar()).toBe('/login?source=dzh.');
  });

  it('ignores a malformed token', () => {
    saveSession({ token: STORED });
    openLink('?fd_token=short');
    expect(captureTokenFromUrl()).toBe('none');
    expect(getSession()?.token).toBe(STORED);
    expect(getHandoff()).toBeNull();
  });
});
