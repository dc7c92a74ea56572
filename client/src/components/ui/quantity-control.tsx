import { useId } from 'react';
import { digitsOnly, stepDown, stepUp, toQuantity } from '@/lib/quantity';
import './quantity-control.css';

interface QuantityControlProps {
  value: string;
  onChange: (value: string) => void;
  minimum: number;
  /** Shown under the input and announced politely; null when the quantity is fine. */
  problem: string | null;
  /** Names the controls where several are on one page (a cart line per tool). */
  itemName?: string;
  /** Set when a change only counts once confirmed elsewhere (a cart line saving). */
  disabled?: boolean;
  /** Plus and minus move in whole packs and order multiples (issue 50); 1 by default. */
  step?: number;
}

export function QuantityControl({
  value,
  onChange,
  minimum,
  problem,
  itemName,
  disabled = false,
  step = 1,
}: QuantityControlProps) {
  const inputId = useId();
  const messageId = useId();
  const quantity = toQuantity(value);
  const of = itemName ? ` of ${itemName}` : '';

  return (
    <div className="field">
      <label className="label" htmlFor={inputId}>
        Quantity{of}
      </label>
      <div className="quantity-control">
        {/* type="button": these step the value and must never submit the form. */}
        <button
          type="button"
          className="icon-button"
          aria-label={`Decrease quantity${of}`}
          aria-controls={inputId}
          disabled={disabled || quantity <= minimum}
          onClick={() => onChange(String(stepDown(quantity, minimum, step)))}
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
          readOnly={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={messageId}
          onChange={(event) => onChange(digitsOnly(event.target.value))}
        />
        <button
          type="button"
          className="icon-button"
          aria-label={`Increase quantity${of}`}
          aria-controls={inputId}
          disabled={disabled}
          onClick={() => onChange(String(stepUp(quantity, minimum, step)))}
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
