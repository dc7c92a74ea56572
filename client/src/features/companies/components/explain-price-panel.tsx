import { zodResolver } from '@hookform/resolvers/zod';
import { PricingExplainQuerySchema } from '@toolworks/contract/price-lists';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { PriceExplanation } from '@/components/pricing/price-explanation';
import { FormField } from '@/components/ui/form-field';
import { PageLoader } from '@/components/ui/page-loader';
import { useExplainPrice, type ExplainParams } from '@/lib/price-lists';

interface ExplainValues {
  sku: string;
  quantity: string;
  date: string;
}

const resolver = zodResolver(
  PricingExplainQuerySchema.omit({ companyId: true }),
) as unknown as Resolver<ExplainValues, unknown, Omit<ExplainParams, 'companyId'>>;

/** The local calendar day: what "today" means to the admin asking. */
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * "Why does this company pay that?": a SKU, a quantity and a day (next month's prices too), and
 * the resolver's steps from the base price to the one charged.
 */
export function ExplainPricePanel({ companyId }: { companyId: string }) {
  const [params, setParams] = useState<ExplainParams | null>(null);
  const explain = useExplainPrice(params);
  const form = useForm<ExplainValues, unknown, Omit<ExplainParams, 'companyId'>>({
    resolver,
    defaultValues: { sku: '', quantity: '1', date: today() },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => setParams({ ...values, companyId }));

  return (
    <section className="card" aria-labelledby="explain-price-title">
      <div className="card-body">
        <h2 id="explain-price-title">Explain a price</h2>
        <form className="explain-price-form" onSubmit={(e) => void submit(e)} noValidate>
          <FormField label="SKU" error={errors.sku?.message}>
            {(a) => <input {...a} className="input" autoComplete="off" {...form.register('sku')} />}
          </FormField>
          <FormField label="Quantity" error={errors.quantity?.message}>
            {(a) => (
              <input {...a} className="input" inputMode="numeric" {...form.register('quantity')} />
            )}
          </FormField>
          <FormField label="Date" error={errors.date?.message}>
            {(a) => <input {...a} className="input" type="date" {...form.register('date')} />}
          </FormField>
          <button type="submit" className="btn btn-secondary">
            Explain
          </button>
        </form>
        <div aria-live="polite">
          {params === null ? null : explain.isPending ? (
            <PageLoader />
          ) : explain.isError ? (
            <p role="alert" className="alert alert-error">
              {explain.error.message}
            </p>
          ) : (
            <PriceExplanation explanation={explain.data} />
          )}
        </div>
      </div>
    </section>
  );
}
