import { type ReactElement, useState } from 'react';
import { initials } from '../stores/auth-store.js';

/**
 * The user's image, or the first two letters of the name in capitals: also when the image does not
 * load (an address that stopped working), never a broken image with its alt text.
 */
export function Avatar({ name, src, size = 36 }: { name: string; src: string | null; size?: number }): ReactElement {
  const [failed, setFailed] = useState<string | null>(null);
  return src !== null && src !== '' && failed !== src ? (
    <img className="avatar" src={src} alt={name} width={size} height={size} onError={() => setFailed(src)} />
  ) : (
    <span className="avatar avatar-initials" style={{ width: size, height: size }} role="img" aria-label={name}>
      {initials(name)}
    </span>
  );
}
