import type { PricingExplanation } from '@toolworks/contract/price-lists';
import { formatCount, formatPrice } from '@/lib/format';
import './price-explanation.css';

/** Dollars as the shop writes them; another currency with its code, never a wrong "$". */
function formatMoney(value: number, currency: string): string {
  return currency === 'USD' ? formatPrice(value) : `${value.toFixed(2)} ${currency}`;
}

/**
 * An explain answer in words: each step from the base price to the one charged, the charged one
 * marked "applies" in text (not only by colour), the lists left out and why, and the quantity
 * rules the buyer meets. Shared by the company page and the quotes.
 */
export function PriceExplanation({ explanation }: { explanation: PricingExplanation }) {
  const { currency, priceBasis } = explanation;
  const money = (value: number) => formatMoney(value, currency);
  const per = priceBasis > 1 ? ` per ${formatCount(priceBasis)}` : '';
  return (
    <div className="price-explanation">
      <p>
        <strong>
          {money(explanation.unitPrice)}
          {per}
        </strong>{' '}
        for {formatCount(explanation.quantity)} of {explanation.sku} on {explanation.date}: line
        total {money(explanation.lineTotal)} (list price {money(explanation.listPrice)}
        {per}).
      </p>
      <ol className="price-steps" aria-label="How the price was reached">
        {explanation.steps.map((step, index) => (
          <li key={index} className={step.applies ? 'price-step-applies' : undefined}>
            {step.rule}
            {step.listName && !step.rule.includes(step.listName) ? ` (${step.listName})` : ''}:{' '}
            {money(step.price)}
            {step.applies ? <strong> (applies)</strong> : null}
          </li>
        ))}
      </ol>
      {explanation.skipped.length ? (
        <>
          <p className="price-skipped-title">Lists not considered:</p>
          <ul className="price-skipped">
            {explanation.skipped.map((skip) => (
              <li key={skip.listId}>
                {skip.listName}: {skip.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="muted">
        Minimum order {formatCount(explanation.minimumOrderQuantity)}, in multiples of{' '}
        {formatCount(explanation.orderMultiple)}.
      </p>
    </div>
  );
}
