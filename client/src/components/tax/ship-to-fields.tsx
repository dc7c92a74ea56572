import { FormField } from '@/components/ui/form-field';
import { countriesByName, countryName, usStates, type ShipTo } from '@/lib/tax';

interface ShipToFieldsProps {
  value: ShipTo;
  onChange: (next: ShipTo) => void;
  /** The shop's own country (the tax answer's), named on the "not chosen" option once known. */
  shopCountry?: string | undefined;
  /** The server's word on the state (a US seller needs one for a US address). */
  stateError?: string | undefined;
}

/** Where the order ships, for its tax: a country and, in the US, the state. */
export function ShipToFields({ value, onChange, shopCountry, stateError }: ShipToFieldsProps) {
  return (
    <fieldset className="ship-to">
      <legend className="checkout-section-title">Ship to</legend>
      <FormField label="Country" hint="The tax depends on where the order goes.">
        {(control) => (
          <select
            {...control}
            className="input"
            value={value.country}
            onChange={(event) => onChange({ country: event.target.value, state: '' })}
          >
            <option value="">
              {shopCountry
                ? `The shop's country (${countryName(shopCountry)})`
                : "The shop's country"}
            </option>
            {countriesByName().map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {value.country === 'US' ? (
        <FormField label="State" error={stateError}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={value.state}
              onChange={(event) => onChange({ ...value, state: event.target.value })}
            >
              <option value="">Choose a state</option>
              {usStates.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
    </fieldset>
  );
}
