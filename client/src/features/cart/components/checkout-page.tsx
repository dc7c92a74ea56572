import type { MyBuying, PaymentTerms } from '@toolworks/contract/companies';
import type { Order, PaymentMethod } from '@toolworks/contract/orders';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ShipToFields } from '@/components/tax/ship-to-fields';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { shipToFields, shipToStateError, type ShipTo } from '@/lib/tax';
import { useCheckout } from '../api/checkout';
import { useCartTax } from '../api/get-cart-tax';
import { toCheckoutProblem, type CheckoutProblem } from '../checkout-errors';
import { useCart } from '../use-cart';
import {
  CheckoutForm,
  type CheckoutDefaults,
  type CompanyAddress,
  type ContactOutput,
} from './checkout-form';
import { goesToApproval } from './buying-limits';
import { CheckoutProblemAlert } from './checkout-problem';
import { CheckoutSummary } from './checkout-summary';
import './cart.css';

/** One order for the whole cart, priced as shown, then straight on to paying for it. */
interface CheckoutPageProps {
  email: string;
  defaults: CheckoutDefaults;
  companyAddresses?: CompanyAddress[];
  /** The buyer's company's payment terms, when it has some: "Pay on invoice" is offered. */
  invoiceTerms?: Exclude<PaymentTerms, 'none'> | undefined;
  /** A company member's limits, month's spend and credit left (`GET /api/company`). */
  buying?: MyBuying | undefined;
  /** The country My Profile names, as a code: where the order ships unless the buyer changes it. */
  savedCountry?: string | undefined;
}

/** `net-30` as a person reads it. */
const termsLabel = (terms: string) => `Net ${terms.replace('net-', '')}`;

export function CheckoutPage({
  email,
  defaults,
  companyAddresses,
  invoiceTerms,
  buying,
  savedCountry = '',
}: CheckoutPageProps) {
  const [chosen, setChosen] = useState<PaymentMethod>('card');
  // Only a company on terms is offered the invoice.
  const paymentMethod: PaymentMethod = invoiceTerms ? chosen : 'card';
  const cart = useCart();
  const checkout = useCheckout();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  // Above the buyer's spending limit the order goes to their company's approvers, not to payment.
  const [forApproval, setForApproval] = useState<Order | null>(null);
  const [shipTo, setShipTo] = useState<ShipTo>({ country: savedCountry, state: '' });
  // The total to pay where it ships, tax included: what the order is placed at. After a
  // PRICE_CHANGED the cart and this are fetched again (the checkout's settling refreshes them).
  const tax = useCartTax(email, shipTo);
  const taxLoading = tax.isFetching;
  const taxKnown = tax.data !== undefined && !taxLoading && !tax.error;
  const shownTotal = tax.data?.total ?? cart.total;
  // A US seller needs the state of a US address: the server names the field.
  const stateError = shipToStateError(tax.error);
  // The answer shows above the form or in its place, off-screen after a long form on a phone:
  // it is brought into view and focused, so it is seen and read out.
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const answer = answerRef.current;
    if (!answer || (!problem && !forApproval)) return;
    answer.scrollIntoView({ block: 'center' });
    answer.focus({ preventScroll: true });
  }, [problem, forApproval]);

  const place = (contact: ContactOutput) => {
    setProblem(null);
    checkout.mutate(
      { ...contact, ...shipToFields(shipTo), expectedTotal: shownTotal, paymentMethod },
      {
        // Above the buyer's spending limit the order waits for approvers; on invoice it is
        // confirmed at once (nothing to pay now); otherwise it goes to payment.
        onSuccess: (order) => {
          if (order.status === 'awaiting_approval') setForApproval(order);
          else if (order.status === 'confirmed') void navigate(paths.dashboard.order(order._id));
          else void navigate(paths.dashboard.payment(order._id));
        },
        onError: (error) => setProblem(toCheckoutProblem(error)),
      },
    );
  };

  let body;
  if (forApproval) {
    body = (
      <div
        role="status"
        className="alert alert-info checkout-approval"
        tabIndex={-1}
        ref={answerRef}
      >
        <p className="alert-title">
          Order {forApproval.number} ({formatPrice(forApproval.price)}) went to your company’s
          approvers.
        </p>
        <p>
          It is above your spending limit, so an approver at your company must approve it before you
          can pay. We have emailed them and hold the stock meanwhile; you will get an email when
          they decide.
        </p>
        <div className="checkout-approval-actions">
          <Link className="btn btn-primary btn-sm" to={paths.dashboard.order(forApproval._id)}>
            View the order
          </Link>
          <Link className="btn btn-secondary btn-sm" to={paths.dashboard.myOrders}>
            My orders
          </Link>
        </div>
      </div>
    );
  } else if (cart.state === 'loading') {
    body = (
      <p role="status" className="muted">
        Loading your cart…
      </p>
    );
  } else if (cart.state === 'error') {
    body = (
      <ErrorState
        title="We couldn't load your cart."
        message={cart.error?.message}
        onRetry={cart.refetch}
      />
    );
  } else if (cart.lines.length === 0 && !checkout.isPending) {
    body = (
      <div className="alert alert-info">
        <p className="alert-title">Your cart is empty.</p>
        <Link className="btn btn-dark btn-sm" to={`${paths.home}#tools`}>
          Browse the catalogue
        </Link>
      </div>
    );
  } else {
    const payment = invoiceTerms ? (
      <fieldset className="checkout-payment">
        <legend className="checkout-section-title">Payment</legend>
        <label>
          <input
            type="radio"
            name="payment-method"
            value="card"
            checked={paymentMethod === 'card'}
            onChange={() => setChosen('card')}
          />{' '}
          Card, paid now
        </label>
        <label>
          <input
            type="radio"
            name="payment-method"
            value="invoice"
            checked={paymentMethod === 'invoice'}
            onChange={() => setChosen('invoice')}
          />{' '}
          Pay on invoice ({termsLabel(invoiceTerms)})
        </label>
        {paymentMethod === 'invoice' ? (
          <p className="muted checkout-payment-note">
            Your company is invoiced, due {invoiceTerms.replace('net-', '')} days after the order,
            by bank transfer.
          </p>
        ) : null}
      </fieldset>
    ) : null;
    body = (
      <div className="cart-layout">
        <CheckoutForm
          defaults={defaults}
          companyAddresses={companyAddresses}
          email={email}
          busy={checkout.isPending}
          disabled={problem?.kind === 'stock' || !taxKnown}
          shipTo={
            <ShipToFields
              value={shipTo}
              onChange={setShipTo}
              shopCountry={shipTo.country ? undefined : tax.data?.shipToCountry}
              stateError={stateError}
            />
          }
          payment={payment}
          note={
            goesToApproval(buying, shownTotal)
              ? "This order is above your spending limit: it will go to your company's approvers, and you pay once one approves it."
              : undefined
          }
          submitLabel={
            taxKnown
              ? `${paymentMethod === 'invoice' ? 'Place order on invoice' : 'Place order'} (${formatPrice(shownTotal)})`
              : taxLoading
                ? 'Working out the tax…'
                : 'Place order'
          }
          onSubmit={place}
        />
        <CheckoutSummary
          lines={cart.lines}
          goodsTotal={cart.total}
          tax={{
            summary: tax.data,
            loading: taxLoading,
            // A missing US state is said on its select, not as a failure.
            error: stateError ? null : tax.error,
            retry: () => void tax.refetch(),
          }}
          buying={buying}
        />
      </div>
    );
  }

  return (
    <section className="container section cart-page" aria-labelledby="checkout-title">
      <title>Checkout · Toolworks</title>
      <h1 id="checkout-title">Checkout</h1>
      {problem ? (
        <CheckoutProblemAlert
          ref={answerRef}
          problem={problem}
          onPayByCard={() => {
            setChosen('card');
            setProblem(null);
          }}
        />
      ) : null}
      {body}
    </section>
  );
}
