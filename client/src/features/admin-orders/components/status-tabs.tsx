import { ORDER_STATUSES, type OrderStatus } from '@toolworks/contract/orders';
import { useRef, type KeyboardEvent } from 'react';
import { ORDER_STATUS_LABELS } from '@/lib/order-status';

export type StatusFilter = OrderStatus | 'all';

/** Every status has a tab, in the contract's order (the order an admin works through them). */
export const STATUS_TABS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] })),
];

export const tabId = (value: StatusFilter) => `orders-tab-${value}`;
export const PANEL_ID = 'orders-panel';

interface StatusTabsProps {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
}

/** The order filter as an ARIA tab list: one tab stop, arrows/Home/End move and select. */
export function StatusTabs({ value, onChange }: StatusTabsProps) {
  const refs = useRef(new Map<StatusFilter, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = STATUS_TABS.findIndex((tab) => tab.value === value);
    const last = STATUS_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % STATUS_TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + STATUS_TABS.length) % STATUS_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const tab = STATUS_TABS[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.value);
    refs.current.get(tab.value)?.focus();
  };

  return (
    <div className="status-tabs" role="tablist" aria-label="Order status" onKeyDown={onKeyDown}>
      {STATUS_TABS.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              if (el) refs.current.set(tab.value, el);
              else refs.current.delete(tab.value);
            }}
            type="button"
            role="tab"
            id={tabId(tab.value)}
            aria-selected={selected}
            aria-controls={PANEL_ID}
            tabIndex={selected ? 0 : -1}
            className="status-tab"
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
