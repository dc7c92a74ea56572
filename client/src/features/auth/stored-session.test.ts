import { describe, expect, it } from 'vitest';
import { clearSession, resumableSession, saveSession } from './stored-session';
import { fakeAccessToken } from './testing/render-with-auth';

const casey = { email: 'casey@example.com', displayName: 'Casey Jones' };

describe('resumableSession', () => {
  it('when a token with time to live is stored with its person, then that session resumes', () => {
    const token = fakeAccessToken(casey.email, 3600);
    saveSession(token, casey);
    expect(resumableSession()).toEqual({ token, user: casey });
  });

  it('when the token is about to expire, belongs to someone else or is missing, then nothing resumes', () => {
    saveSession(fakeAccessToken(casey.email, 60), casey);
    expect(resumableSession()).toBeNull();

    saveSession(fakeAccessToken('someone@example.com', 3600), casey);
    expect(resumableSession()).toBeNull();

    saveSession(fakeAccessToken(casey.email, 3600), casey);
    clearSession();
    expect(resumableSession()).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('when the stored person is not readable, then nothing resumes', () => {
    saveSession(fakeAccessToken(casey.email, 3600), casey);
    window.localStorage.setItem('sessionUser', '{not json');
    expect(resumableSession()).toBeNull();
    window.localStorage.setItem('sessionUser', JSON.stringify({ displayName: 'No email' }));
    expect(resumableSession()).toBeNull();
  });
});
