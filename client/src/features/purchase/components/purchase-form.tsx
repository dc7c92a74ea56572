import { zodResolver } from '@hookform/resolvers/zod';
import { PurchaseFormSchema, type PurchaseForm as ContactFields } from '@contract/orders';
import type { Tool } from '@contract/tools';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { unitPriceFor } from '@/components/pricing/tool-pricing';
import { VolumePrices } from '@/components/pricing/volume-prices';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { formatPrice } from '@/lib/format';
import { usePlaceOrder } from '../api/place-order';
import { QuantityControl } from './quantity-control';
import { quantityProblem, toQuantity, totalDollars } from './quantity';

export interface Buyer {
  name: string;
  email: string;
}

export const ORDER_ADDED = 'Your Order added successfully!!';

export function PurchaseForm({ tool, buyer }: { tool: Tool; buyer: Buyer }) {
  const [quantityText, setQuantityText] = useState(String(tool.MinimumOrderQuantity));
  const quantity = toQuantity(quantityText);
  const problem = quantityProblem(quantity, tool.MinimumOrderQuantity, tool.availableQuantity);
  // Volume prices: the unit price, and so the total, follow the quantity as it is typed.
  const unitPrice = unitPriceFor(tool, quantity);
  const total = totalDollars(quantity, unitPrice);
  const placeOrder = usePlaceOrder();
  const { toast, show, dismiss } = useToast();
  const form = useForm<ContactFields>({
    resolver: zodResolver(PurchaseFormSchema),
    defaultValues: { userPhone: '', userAddress: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((contact) => {
    if (problem) return;
    placeOrder.mutate(
      {
        toolId: tool._id,
        name: tool.name,
        price: total,
        quantity,
        expectedUnitPrice: unitPrice,
        userName: buyer.name,
        userEmail: buyer.email,
        ...contact,
        isPaid: false,
        iscancelled: false,
      },
      {
        onSuccess: () => {
          show(ORDER_ADDED);
          form.reset();
          setQuantityText(String(tool.MinimumOrderQuantity));
        },
        onError: (error) => show(error.message, 'error'),
      },
    );
  });

  return (
    <form
      className="card purchase-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="purchase-form-title"
    >
      <div className="card-body">
        <h2 id="purchase-form-title" className="purchase-form-title">
          Your order
        </h2>
        <QuantityControl
          value={quantityText}
          onChange={setQuantityText}
          minimum={tool.MinimumOrderQuantity}
          problem={problem}
        />
        {tool.priceTiers.length ? (
          <p className="purchase-unit-price">
            Unit price: <output aria-live="polite">{formatPrice(unitPrice)}</output>
          </p>
        ) : null}
        <p className="purchase-total">
          Total price: <output aria-live="polite">{formatPrice(total)}</output>
        </p>
        <VolumePrices tool={tool} quantity={quantity} />
        <div className="purchase-contact">
          <FormField label="Name">
            {(control) => <input {...control} className="input" value={buyer.name} readOnly />}
          </FormField>
          <FormField label="Email">
            {(control) => (
              <input {...control} className="input" type="email" value={buyer.email} readOnly />
            )}
          </FormField>
        </div>
        <FormField label="Phone" error={errors.userPhone?.message}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="tel"
              autoComplete="tel"
              {...form.register('userPhone')}
            />
          )}
        </FormField>
        <FormField label="Address" error={errors.userAddress?.message}>
          {(control) => (
            <textarea
              {...control}
              className="input purchase-address"
              rows={3}
              autoComplete="street-address"
              {...form.register('userAddress')}
            />
          )}
        </FormField>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={Boolean(problem) || placeOrder.isPending}
        >
          {placeOrder.isPending ? 'Placing your order…' : 'Buy Now'}
        </button>
      </div>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </form>
  );
}
