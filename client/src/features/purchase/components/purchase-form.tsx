import type { Order, PurchaseForm as PurchaseContact } from '@toolworks/contract/orders';
import type { Tool } from '@toolworks/contract/tools';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ShipToFields } from '@/components/tax/ship-to-fields';
import { ContactFields } from '@/components/ui/contact-fields';
import { unitPriceFor } from '@/components/pricing/tool-pricing';
import { PackNotice } from '@/components/pricing/tool-price';
import { VolumePrices } from '@/components/pricing/volume-prices';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatPrice, formatPriceFor } from '@/lib/format';
import { shipToFields, type ShipTo } from '@/lib/tax';
import { usePlaceOrder } from '../api/place-order';
import { QuantityControl } from '@/components/ui/quantity-control';
import { backorderSplit, orderableQuantity } from '@/lib/availability';
import { quantityProblem, quantityRules, toQuantity, totalDollars } from '@/lib/quantity';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSubmitOnce } from '@/lib/submit-once';

const purchase = lazyResolver(() => import('./purchase-schema').then((m) => m.purchaseResolver));

export interface Buyer {
  name: string;
  email: string;
  /** Saved in My Profile: the form starts with them (the app composes them in). */
  phone?: string;
  address?: string;
  /** My Profile's country as a code ('' or absent: the shop's own), where it ships by default. */
  country?: string;
}

export const ORDER_ADDED = 'Your Order added successfully!!';

/** Another feature's action for the chosen quantity (the cart's "Add to cart"), given by app/. */
export type RenderCartAction = (tool: Tool, quantity: number) => ReactNode;

interface PurchaseFormProps {
  tool: Tool;
  buyer: Buyer;
  renderCartAction?: RenderCartAction;
}

/** The current unit price from a 409 PRICE_CHANGED, or null for any other error. */
function changedUnitPrice(error: Error): number | null {
  if (!(error instanceof ApiError) || error.code !== 'PRICE_CHANGED') return null;
  const unitPrice = (error.details as { unitPrice?: unknown } | undefined)?.unitPrice;
  return typeof unitPrice === 'number' ? unitPrice : null;
}

export function PurchaseForm({ tool, buyer, renderCartAction }: PurchaseFormProps) {
  // A company's price list may set its own minimum (and multiple) for the tool; packs and
  // multiples make the least quantity and the step.
  const rules = quantityRules(tool);
  const { minimum } = rules;
  const [quantityText, setQuantityText] = useState(String(minimum));
  // Set by a PRICE_CHANGED answer for a quantity: the buyer sees the new unit price and confirms
  // it by buying again. Another quantity is priced from the tool's volume prices again.
  const [changed, setChanged] = useState<{ quantity: number; unitPrice: number } | null>(null);
  const [placed, setPlaced] = useState<Order | null>(null);
  // The server decides the tax from where it ships; the order shows it.
  const [shipTo, setShipTo] = useState<ShipTo>({ country: buyer.country ?? '', state: '' });
  const quantity = toQuantity(quantityText);
  const newUnitPrice = changed?.quantity === quantity ? changed.unitPrice : null;
  const problem = quantityProblem(quantity, minimum, orderableQuantity(tool), rules);
  const split = problem ? null : backorderSplit(tool, quantity);
  // Volume prices: the unit price, and so the total, follow the quantity as it is typed.
  const unitPrice = newUnitPrice ?? unitPriceFor(tool, quantity);
  const total = totalDollars(quantity, unitPrice, tool.priceBasis);
  const placeOrder = usePlaceOrder();
  const { toast, show, dismiss } = useToast();
  const form = useForm<PurchaseContact>({
    resolver: purchase.resolver,
    defaultValues: { userPhone: buyer.phone ?? '', userAddress: buyer.address ?? '' },
  });
  const { errors } = form.formState;

  const submit = useSubmitOnce(
    form.handleSubmit((contact) => {
      if (problem) return;
      setPlaced(null);
      placeOrder.mutate(
        {
          toolId: tool._id,
          name: tool.name,
          price: total,
          quantity,
          userName: buyer.name,
          userEmail: buyer.email,
          ...contact,
          ...shipToFields(shipTo),
          isPaid: false,
          iscancelled: false,
          // Always sent: the server refuses the order rather than charge a price nobody saw.
          expectedUnitPrice: unitPrice,
        },
        {
          onSuccess: (order) => {
            show(ORDER_ADDED);
            setPlaced(order);
            setChanged(null);
            form.reset();
            setQuantityText(String(minimum));
          },
          onError: (error) => {
            const current = changedUnitPrice(error);
            if (current === null) show(error.message, 'error');
            else setChanged({ quantity, unitPrice: current });
          },
        },
      );
    }),
  );

  return (
    <form
      className="card purchase-form"
      onSubmit={submit}
      onFocus={purchase.preload}
      onPointerDown={purchase.preload}
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
          minimum={minimum}
          step={rules.step}
          problem={problem}
        />
        <PackNotice tool={tool} />
        {split ? (
          <p className="purchase-shipping" aria-live="polite">
            {split}
          </p>
        ) : null}
        {tool.priceTiers.length || tool.packSize > 1 || tool.priceBasis > 1 ? (
          <p className="purchase-unit-price">
            Unit price: <output aria-live="polite">{formatPriceFor(unitPrice, tool)}</output>
          </p>
        ) : null}
        <p className="purchase-total">
          Total price: <output aria-live="polite">{formatPrice(total)}</output>
        </p>
        {newUnitPrice !== null ? (
          <div className="alert alert-info" role="alert">
            <p className="alert-title">The price has changed.</p>
            <p>
              It is now {formatPrice(newUnitPrice)} each, so the total is {formatPrice(total)}.
              Choose Buy Now again to order at this price.
            </p>
          </div>
        ) : null}
        <VolumePrices tool={tool} quantity={quantity} />
        <ContactFields
          email={buyer.email}
          name={buyer.name}
          identityClassName="purchase-contact"
          phone={form.register('userPhone')}
          address={form.register('userAddress')}
          addressClassName="purchase-address"
          errors={{
            userPhone: errors.userPhone?.message,
            userAddress: errors.userAddress?.message,
          }}
        />
        <ShipToFields value={shipTo} onChange={setShipTo} />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={Boolean(problem) || placeOrder.isPending}
        >
          {placeOrder.isPending ? 'Placing your order…' : 'Buy Now'}
        </button>
        {renderCartAction && !problem ? renderCartAction(tool, quantity) : null}
        {placed?.status === 'awaiting_approval' ? (
          <div role="status" className="alert alert-info purchase-placed">
            <p className="alert-title">
              Order {placed.number} is above your spending limit and went to your company’s
              approvers. You can pay once it is approved.
            </p>
            <div className="purchase-placed-actions">
              <Link className="btn btn-secondary btn-sm" to={paths.dashboard.myOrders}>
                View my orders
              </Link>
            </div>
          </div>
        ) : placed ? (
          <div className="alert alert-info purchase-placed">
            <p className="alert-title">Order {placed.number} is placed and waiting for payment.</p>
            <div className="purchase-placed-actions">
              <Link className="btn btn-primary btn-sm" to={paths.dashboard.payment(placed._id)}>
                Pay now
              </Link>
              <Link className="btn btn-secondary btn-sm" to={paths.dashboard.myOrders}>
                View my orders
              </Link>
            </div>
          </div>
        ) : null}
      </div>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </form>
  );
}
