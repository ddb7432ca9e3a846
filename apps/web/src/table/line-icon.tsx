import type { ReactElement, ReactNode } from 'react';

/**
 * A line icon on a 24-unit grid (`children`: its shapes), `size` px, drawn in the current colour
 * and hidden from screen readers: the button it sits in names it.
 */
export function LineIcon(props: { readonly size: number; readonly children: ReactNode }): ReactElement {
  return (
    <svg
      aria-hidden="true"
      width={props.size}
      height={props.size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {props.children}
    </svg>
  );
}
