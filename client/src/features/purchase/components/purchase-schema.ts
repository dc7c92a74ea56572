import { zodResolver } from '@hookform/resolvers/zod';
import { PurchaseFormSchema } from '@toolworks/contract/orders';

// Loaded when the form is first used (purchase-form.tsx), with zod.
export const purchaseResolver = zodResolver(PurchaseFormSchema);
