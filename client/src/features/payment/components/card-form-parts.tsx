/** What every card form gets from the payment page, whichever gateway is in use. */
export interface Payer {
  name: string;
  email: string;
}

export interface CardFormProps {
  /** Undefined until the server has created the payment intent. */
  clientSecret: string | undefined;
  payer: Payer;
  onPaid: (transactionId: string) => void;
}

/**
 * The card error line under the form, in the gateway's words. The live region is always in the
 * page so that a message put into it is announced.
 */
export function CardError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} role="alert" className="card-error">
      {message}
    </p>
  );
}

export function PayButton({ disabled, busy }: { disabled: boolean; busy: boolean }) {
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block pay-button"
      disabled={disabled || busy}
    >
      {busy ? 'Processing…' : 'Pay'}
    </button>
  );
}
