import { useState } from 'react';
import { saveFile } from '@/lib/download-file';
import { exportOrdersCsv } from '../api/export-orders';
import type { OrderFilters } from '../api/order-filters';

/** "Export CSV": every order the current filter finds, not only the page on screen. */
export function ExportOrdersButton({ filters }: { filters: OrderFilters }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await exportOrdersCsv(filters));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="export-orders">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void run()}
        disabled={busy}
        aria-describedby="export-orders-note"
      >
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      <p id="export-orders-note" className="visually-hidden">
        Downloads every order that matches the filters as a spreadsheet file.
      </p>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
