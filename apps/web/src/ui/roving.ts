/**
 * Roving focus among `count` items (WAI-ARIA tabs and accordion headers): the item a key moves to
 * from `index`, or null for a key the widget does not use. Arrows wrap around.
 */
export function rovingTarget(
  key: string,
  index: number,
  count: number,
  axis: 'horizontal' | 'vertical',
): number | null {
  const [back, forward] = axis === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  switch (key) {
    case forward:
      return (index + 1) % count;
    case back:
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
