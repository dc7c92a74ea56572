import { useId } from 'react';
import { digitsOnly, stepDown, stepUp, toQuantity } from './quantity';

interface QuantityControlProps {
  value: string;
  onChange: (value: string) => void;
  minimum: number;
  /** Shown under the input and announced politely; null when the quantity is fine. */
  problem: string | null;
}

export function QuantityControl({ value, onChange, minimum, problem }: QuantityControlProps) {
  const inputId = useId();
  const messageId = useId();
  const quantity = toQuantity(value);

  return (
    <div className="field">
      <label className="label" htmlFor={inputId}>
        Quantity
      </label>
      <div className="quantity-control">
        {/* type="button": these step the value and must never submit the form. */}
        <button
          type="button"
          className="icon-button"
          aria-label="Decrease quantity"
          aria-controls={inputId}
          disabled={quantity <= minimum}
          onClick={() => onChange(String(stepDown(quantity, minimum)))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={inputId}
          className="input quantity-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={messageId}
          onChange={(event) => onChange(digitsOnly(event.target.value))}
        />
        <button
          type="button"
          className="icon-button"
          aria-label="Increase quantity"
          aria-controls={inputId}
          onClick={() => onChange(String(stepUp(quantity, minimum)))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p id={messageId} className="field-error" aria-live="polite">
        {problem}
      </p>
    </div>
  );
}
