import { zodResolver } from '@hookform/resolvers/zod';
import { CheckoutSchema } from '@toolworks/contract/cart';

// The buyer's part of POST /checkout; the expected total is the one on screen, added on submit.
// Loaded when the form is first used (checkout-form.tsx), with zod.
export const ContactSchema = CheckoutSchema.omit({ expectedTotal: true });
export const contactResolver = zodResolver(ContactSchema);
