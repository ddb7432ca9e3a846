import type { ReactElement } from 'react';

/**
 * A row of pressed/unpressed buttons choosing one option (a filter, an order, a preset): a
 * fieldset named by its hidden legend, each button `aria-pressed`, the chosen one `selected`.
 */
export function ToggleGroup<T extends string>(props: {
  /** The group's accessible name. */
  readonly legend: string;
  readonly className: string;
  readonly options: readonly T[];
  readonly selected: T;
  readonly onSelect: (option: T) => void;
  /** An option's words (default: the option itself). */
  readonly label?: (option: T) => string;
  /** A class every button carries beside `selected`. */
  readonly itemClass?: string;
}): ReactElement {
  return (
    <fieldset className={props.className}>
      <legend className="sr-only">{props.legend}</legend>
      {props.options.map((option) => {
        const pressed = option === props.selected;
        const className = [props.itemClass ?? '', pressed ? 'selected' : ''].filter((c) => c !== '').join(' ');
        return (
          <button
            key={option}
            type="button"
            className={className}
            aria-pressed={pressed}
            onClick={() => props.onSelect(option)}
          >
            {props.label === undefined ? option : props.label(option)}
          </button>
        );
      })}
    </fieldset>
  );
}
