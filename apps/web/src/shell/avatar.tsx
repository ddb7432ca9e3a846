import type { ReactElement } from 'react';
import { initials } from '../stores/auth-store.js';

/** The user's image, or the first two letters of the name in capitals. */
export function Avatar({ name, src, size = 36 }: { name: string; src: string | null; size?: number }): ReactElement {
  return src !== null && src !== '' ? (
    <img className="avatar" src={src} alt={name} width={size} height={size} />
  ) : (
    <span className="avatar avatar-initials" style={{ width: size, height: size }} role="img" aria-label={name}>
      {initials(name)}
    </span>
  );
}
