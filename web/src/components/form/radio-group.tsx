import './form.css';

interface RadioGroupProps<V extends string> {
  /** Ties the radios together (their `name`). */
  name: string;
  legend: string;
  value: V;
  onValueChange: (value: V) => void;
  options: { value: V; label: string; description?: string }[];
}

/** A choice of one among a few, each a large tappable card. */
export function RadioGroup<V extends string>({ name, legend, value, onValueChange, options }: RadioGroupProps<V>) {
  return (
    <fieldset className="field radio-group">
      <legend className="field__label">{legend}</legend>
      <div className="radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="radio-group__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onValueChange(option.value)}
            />
            <span className="radio-group__text">
              <span className="radio-group__label">{option.label}</span>
              {option.description && <span className="radio-group__description">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
