import type { ReturnStatus } from '@toolworks/contract/returns';

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  declined: 'Return declined',
  received: 'Goods received',
  refunded: 'Return refunded',
};
