import type { ReactElement } from 'react';

/** What a settings section last said: a success ("Saved") or the server's refusal. */
export interface Said {
  readonly text: string;
  readonly failed: boolean;
}

/**
 * A section's status line: always in the page (a live region must exist before it speaks), read
 * politely; a refusal in red.
 */
export function Outcome({ said }: { readonly said: Said | null }): ReactElement {
  return (
    <p className={`settings-outcome${said?.failed === true ? ' failed' : ''}`} role="status">
      {said?.text ?? ''}
    </p>
  );
}
