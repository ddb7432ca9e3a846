import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useNameField } from '../src/lib/name-field.js';
import { type User, useAuth } from '../src/stores/auth-store.js';

/** The fields the name reads (the rest of a user does not matter here). */
function user(username: string, isGuest: boolean): User {
  return { id: isGuest ? -7 : 7, username, isGuest } as User;
}

describe('name fields - a signed-in player is named by their username', () => {
  afterEach(() => {
    cleanup();
    act(() => useAuth.setState({ user: null }));
  });

  it('name - a registered player: the username, cut to the field; a guest: the remembered name', () => {
    useAuth.setState({ user: user('annabelle_the_great_player', false) });
    expect(renderHook(() => useNameField(() => 'Player1234', 15)).result.current[0]).toBe('annabelle_the_g');
    useAuth.setState({ user: user('Guest4821', true) });
    expect(renderHook(() => useNameField(() => 'Player1234', 20)).result.current[0]).toBe('Player1234');
  });

  it('name - the username arriving after the page opened fills the field, unless the player typed first', () => {
    useAuth.setState({ user: null });
    const untouched = renderHook(() => useNameField(() => 'Player1234', 20));
    const typed = renderHook(() => useNameField(() => 'Player1234', 20));
    expect(untouched.result.current[0]).toBe('Player1234');
    act(() => typed.result.current[1]('Annie'));
    act(() => useAuth.setState({ user: user('ann', false) }));
    expect(untouched.result.current[0]).toBe('ann');
    expect(typed.result.current[0]).toBe('Annie');
  });
});
