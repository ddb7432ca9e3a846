import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../stores/auth-store.js';

/**
 * A "Your name" field's value (docs/web.md "Names"): a signed-in, registered player's username (cut
 * to the field's `max`), else `initial()` (the name this device remembers, or a made-up one). The
 * username also arrives late, when the session is checked after the page opened, unless the
 * player has typed in the field by then. Guests keep the remembered name: theirs is made up.
 */
export function useNameField(initial: () => string, max: number): readonly [string, (name: string) => void] {
  const username = useAuth((s) => (s.user !== null && !s.user.isGuest ? s.user.username.slice(0, max) : null));
  const [name, setName] = useState(() => username ?? initial());
  const typed = useRef(false);
  useEffect(() => {
    if (username !== null && !typed.current) setName(username);
  }, [username]);
  const type = (value: string) => {
    typed.current = true;
    setName(value);
  };
  return [name, type] as const;
}
