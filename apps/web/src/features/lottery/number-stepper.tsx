import { useId } from 'react';

const clamp = (value: number, min: number, max: number) =>
  Number.isFinite(value) ? Math.max(min, Math.min(max, Math.trunc(value))) : min;

/** A whole number from `min` to `max`: − and + around a field, each 44 px. */
export function NumberStepper(props: {
  label: string;
  downLabel: string;
  upLabel: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const { value, min, max } = props;
  return (
    <div className="multiplier">
      <label htmlFor={id} className="multiplier__label">
        {props.label}
      </label>
      <button
        type="button"
        className="multiplier__step"
        aria-label={props.downLabel}
        disabled={value <= min}
        onClick={() => props.onChange(clamp(value - 1, min, max))}
      >
        −
      </button>
      <input
        id={id}
        className="multiplier__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        onChange={(event) => props.onChange(clamp(event.target.valueAsNumber, min, max))}
      />
      <button
        type="button"
        className="multiplier__step"
        aria-label={props.upLabel}
        disabled={value >= max}
        onClick={() => props.onChange(clamp(value + 1, min, max))}
      >
        +
      </button>
    </div>
  );
}
