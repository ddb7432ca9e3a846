import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api.js';
import { AUTH_LOADING_MS, AuthPage, loginFailureText } from '../src/pages/auth-page.js';
import { useAuth } from '../src/stores/auth-store.js';
import { useToasts } from '../src/stores/toast-store.js';

/** Signs in on /auth through the form, with the login call answered by `answer`. */
async function logInAnsweredBy(answer: () => Response | Promise<Response>): Promise<void> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  render(
    <MemoryRouter initialEntries={['/auth']}>
      <AuthPage />
    </MemoryRouter>,
  );
  act(() => vi.advanceTimersByTime(AUTH_LOADING_MS));
  fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: 'annie' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await vi.runAllTimersAsync();
  });
}

const shownToast = () => useToasts.getState().toasts.map((t) => ({ title: t.title, description: t.description }));

beforeEach(() => {
  vi.useFakeTimers();
  useAuth.setState({ user: null, loading: false });
  useToasts.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('login failure toast (docs/product.md §P1.8)', () => {
  it('login - no server message: "Login failed: {status text}", not the helper\'s "502: Bad Gateway"', async () => {
    await logInAnsweredBy(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    expect(shownToast()).toEqual([{ title: 'Login failed', description: 'Login failed: Bad Gateway' }]);
  });

  it('login - a proxy page as the body is not shown either: the status text alone', async () => {
    await logInAnsweredBy(
      () =>
        new Response('<html><body>503 Service Unavailable</body></html>', {
          status: 503,
          statusText: 'Service Unavailable',
        }),
    );
    expect(shownToast()).toEqual([{ title: 'Login failed', description: 'Login failed: Service Unavailable' }]);
  });

  it("login - the server's message when there is one", async () => {
    await logInAnsweredBy(() => Response.json({ message: 'Invalid username or password' }, { status: 401 }));
    expect(shownToast()).toEqual([{ title: 'Login failed', description: 'Invalid username or password' }]);
  });

  it('login - no status text (HTTP/2) or no answer at all: the generic text', async () => {
    expect(loginFailureText(new ApiError('502: ', 502, false, ''))).toBe('Could not log in. Please try again.');
    await logInAnsweredBy(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(shownToast()).toEqual([{ title: 'Login failed', description: 'Could not log in. Please try again.' }]);
  });
});
