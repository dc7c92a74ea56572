import type { Quote, QuoteLine } from '@toolworks/contract/quotes';
import { useState } from 'react';
import { PriceExplanation } from '@/components/pricing/price-explanation';
import { PageLoader } from '@/components/ui/page-loader';
import { useTool } from '@/lib/get-tool';
import { useExplainPrice } from '@/lib/price-lists';

function Explanation({ quote, line }: { quote: Quote; line: QuoteLine }) {
  // The quote's line names the tool; the resolver is asked by SKU.
  const tool = useTool(line.toolId);
  const sku = tool.data?.sku;
  const explain = useExplainPrice(
    sku ? { sku, quantity: line.quantity, companyId: quote.companyId } : null,
  );
  const error = tool.error ?? explain.error;
  if (error)
    return (
      <p role="alert" className="alert alert-error">
        {error.message}
      </p>
    );
  if (tool.data && !sku) return <p className="muted">This tool has no SKU to price by.</p>;
  if (!explain.data) return <PageLoader />;
  return <PriceExplanation explanation={explain.data} />;
}

/**
 * "Explain price" under a quote's line (admins): what the buyer's company would pay for this
 * quantity today and why, so an offer starts from the contract price. Asked only when opened.
 */
export function ExplainQuoteLine({ quote, line }: { quote: Quote; line: QuoteLine }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="quote-explain" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Explain price<span className="visually-hidden"> of {line.name}</span>
      </summary>
      {open ? <Explanation quote={quote} line={line} /> : null}
    </details>
  );
}
